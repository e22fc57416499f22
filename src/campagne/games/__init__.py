"""The rulesets campagne implements, one package each with its data beside it."""
