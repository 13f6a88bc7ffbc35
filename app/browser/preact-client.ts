/**
 * `react-dom/client` in the browser build, where Preact stands in for React (vite.config.ts, ADR 0024).
 *
 * preact/compat's own `hydrateRoot(document, …)` renders into `document.documentElement` and so puts a second
 * `<html>` inside the first: Remix's root renders `<html>` itself. Preact hydrates into any object that
 * looks like a parent node, so the document is given to it as a parent whose one child is the `<html>`
 * element the server sent, and a replaced `<html>` (an error page's new root) replaces it.
 */
import type { ComponentChild } from 'preact'
import { hydrate, render, unmountComponentAtNode } from 'preact/compat'

type Container = Element | Document | DocumentFragment

function documentAsParent(): Element {
  const replace = (node: Node) => {
    document.replaceChild(node, document.documentElement)
    return node
  }
  return {
    get childNodes() {
      return [document.documentElement]
    },
    get firstChild() {
      return document.documentElement
    },
    insertBefore: replace,
    appendChild: replace,
  } as unknown as Element
}

function rootOf(parent: Element) {
  return {
    render(children: ComponentChild) {
      render(children, parent)
    },
    unmount() {
      unmountComponentAtNode(parent)
    },
  }
}

const parentOf = (container: Container) =>
  container === document ? documentAsParent() : (container as Element)

export function createRoot(container: Container) {
  return rootOf(parentOf(container))
}

export function hydrateRoot(container: Container, children: ComponentChild) {
  const parent = parentOf(container)
  hydrate(children, parent)
  return rootOf(parent)
}
