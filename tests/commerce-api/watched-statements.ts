import { describe, expect, it } from 'vitest'

/**
 * Which statements a write watcher of db/read-cache.ts counts as writing its group (`writes`): each of `yes`
 * must, each of `no` must not. One table per group, in the test of that group's cache.
 */
export function describeWatchedStatements(
  title: string,
  writes: (text: string) => boolean,
  { yes, no }: { yes: string[]; no: string[] },
) {
  describe(title, () => {
    it.each(yes)('%s: yes', (text) => expect(writes(text)).toBe(true))
    it.each(no)('%s: no', (text) => expect(writes(text)).toBe(false))
  })
}
