"""Two Crowns bots: the Captain heuristic (``heuristic``) and the Master settings (``search``)."""
