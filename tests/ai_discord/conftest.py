"""The e2e server (tests/e2e/conftest.py) for the AI tests."""

from tests.e2e.conftest import table  # noqa: F401 - the fixture
