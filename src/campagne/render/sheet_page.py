"""The printable page every game's campaign sheets share: one player a page, a header, a table per turn.
Each game adds the rules of its own table cells."""

SHEET_CSS = """
body { font-family: Georgia, serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.4em; border-bottom: 2px solid #333; }
.player { page-break-after: always; break-after: page; }
.player:last-child { page-break-after: auto; break-after: auto; }
dl.head { display: grid; grid-template-columns: max-content 1fr max-content 1fr; gap: .2em .8em; }
dl.head dt { font-weight: bold; } dl.head dd { margin: 0; }
table.turn { width: 100%; border-collapse: collapse; margin: .8em 0; page-break-inside: avoid; }
table.turn th, table.turn td { border: 1px solid #444; padding: .25em .4em; vertical-align: top;
                              text-align: left; }
@media print { body { margin: 0; } }
"""
