/** Small deterministic PRNG (mulberry32): the same seed always yields the same catalog. */
export type Random = {
  next(): number
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  chance(p: number): boolean
  sample<T>(items: readonly T[], count: number): T[]
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(next() * items.length)] as T
  }
  return {
    next,
    int,
    pick,
    chance: (p) => next() < p,
    sample: (items, count) => {
      const copy = [...items]
      const out: (typeof items)[number][] = []
      while (out.length < count && copy.length > 0)
        out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!)
      return out
    },
  }
}
