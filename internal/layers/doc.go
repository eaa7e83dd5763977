// Package layers holds the test that keeps the module's imports pointing
// one way: game (standard library only) ← kifu ← the app's layers (words ←
// common ← components ← play ← remote ← the root), the lobby beside them
// importing no tui package, and main on top. It imports none of the
// packages it checks, so it runs even when a stray import has made a
// cycle the compiler refuses.
package layers
