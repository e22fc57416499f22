"""The conformance kit (see conftest.py): a package, so its modules may share a name with tests elsewhere."""
