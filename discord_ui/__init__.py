"""The Discord front end: commands' handlers, components, boards and DMs in threads, and the courier that
keeps their writes within Discord's limits. The cogs (`cogs/`) are its thin command adapters."""
