"""Two Crowns engine tests."""
