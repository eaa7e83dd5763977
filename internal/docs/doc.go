// Package docs holds the test that keeps the documentation whole: README.md
// stays short and points into docs/, every docs page opens with what it
// covers, and every relative link of README.md and docs/*.md reaches an
// existing file and, when it names one, an existing heading.
package docs
