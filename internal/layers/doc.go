// Package layers holds the test that keeps the module's imports pointing
// one way: game (standard library only, in order inside: the rules,
// notation, the USI protocol, engines and books, the match, what runs
// matches) ← kifu ← app (settings, the lobby, the session, the games
// database) ← the screens' shared parts (words, common, components) ←
// the screens ← the root tui ← main. The server (SSH, the cluster) stands
// on app beside tui: no package outside main and tui/ imports tui/, so
// main hands the SSH server the screens it runs; and every package under
// tui/ is a UI (Bubble Tea among its dependencies). Every package has a
// layer; screens do not import each other; only tests import test
// helpers. It imports none of the packages it checks, so it runs even
// when a stray import has made a cycle the compiler refuses.
package layers
