"""What a game shows, apart from how it reaches anyone: the texts (event, status and result lines), the
seats' names, the choice tree of a decision and the scene a live board draws, for one game state, one
viewer and one language.

Discord (`discord_ui.announce`, `tabletop.delivery.publish`, the pickers) and the web (`web/`) are two front ends over
these; neither re-derives a text or a rule. Nothing here imports discord or web (tests/web/
test_presentation_layers.py checks the source), and nothing here sends or draws anything.

Modules, one job each: `texts` (the lines of the log and the status, with the markup each front end
wants), `names` (each seat's name as shown), `choices` (a decision's choice tree as data), `scene` (the
live board's scene of one viewer).
"""
