"""Drawings of a campaign (pure: each renderer returns text, the caller writes the file)."""
