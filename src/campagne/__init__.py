"""campagne: run tabletop wargame campaigns and battles exactly as their rules say."""

__version__ = "0.1.0"
