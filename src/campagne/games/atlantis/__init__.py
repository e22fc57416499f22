"""Atlantis: "Warhammer Ancient Battles – Règles de campagne v1.1" (seed 000)."""
