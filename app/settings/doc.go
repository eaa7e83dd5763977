// Package settings holds what the app remembers between runs: the
// settings file (config.toml, a TOML file people may edit: its reading,
// checking and writing, and the plain values of the display settings)
// and its neighbour the password store for CSA servers. It has no UI:
// the screens map its values to styles and words, and the SSH server and
// the commands read it too.
package settings
