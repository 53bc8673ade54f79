"""Pure game rules behind one contract. Nothing in this package may import discord."""
