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


def markdown_page(markdown: str, title: str) -> str:
    """The sheets' simple Markdown (`# `, `## `, `- ` and paragraphs) as a printable HTML page."""
    from html import escape
    body = []
    for line in markdown.splitlines():
        if line.startswith("## "):
            body.append(f"<h2>{escape(line[3:])}</h2>")
        elif line.startswith("# "):
            body.append(f"<h1>{escape(line[2:])}</h1>")
        elif line.startswith("- "):
            body.append(f"<li>{escape(line[2:])}</li>")
        elif line:
            body.append(f"<p>{escape(line)}</p>")
    return (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{escape(title)}</title>"
            f"<style>{SHEET_CSS}</style></head><body>" + "\n".join(body) + "</body></html>")
