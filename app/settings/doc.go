// Package settings holds what the app remembers between runs outside the
// screens: the settings file's neighbours such as the password store for
// CSA servers. It has no UI: the screens and the SSH server read it.
package settings
