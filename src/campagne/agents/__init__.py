"""Every registered game as a standard agent environment, from the one game interface only (never a game's name):
a PettingZoo AEC environment (`campagne.agents.pettingzoo_env.env(GAME)`) and an OpenSpiel Python game
(`import campagne.agents.openspiel`, then `pyspiel.load_game("campagne_GAME")`). See docs/agents.md."""
