"""What every game dashboard shares: ``Dashboard`` (header, modes, settings, theme, the
URL contract) and ``PlayView`` (a whole game at one screen, for any game's presenter)."""
