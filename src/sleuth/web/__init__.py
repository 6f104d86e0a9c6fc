"""The web page: `sleuth serve` (FastAPI), one more front end over the same library."""
