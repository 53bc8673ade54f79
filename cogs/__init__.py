"""Thin Discord adapters: the shared lobby/turn commands and one cog per game."""
