"""The engine tests' forced dice, for the table tests that replay rolls."""

from tests.engine.crimson_keep.conftest import dice

__all__ = ["dice"]
