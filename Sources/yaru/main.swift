// The app is not wired up yet: see README.md.
print("yaru: the interactive app is not built yet (see README.md)")
