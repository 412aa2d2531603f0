ENGINE_VERSION = "2026.11.23"  # stored with each closed round: change it whenever a settlement may change
