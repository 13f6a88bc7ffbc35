import { describe, expect, it } from 'vitest'
import { countriesJson, mainDivisionsJson } from '../icm/countries'
import { addressRegions, COUNTRIES, countryOf, regionName, requiresRegion } from './countries'
import { DomainError } from './errors'

/** What a call threw; a call that returns fails the test. */
function thrown(call: () => unknown): unknown {
  try {
    call()
  } catch (error) {
    return error
  }
  throw new Error('expected a refusal')
}

const country = (code: string) => {
  const found = countryOf(code)
  if (!found) throw new Error(`no country ${code}`)
  return found
}

describe('which addresses name a region', () => {
  it('German and Austrian addresses do not, as their ICM address forms have no region field', () => {
    for (const code of ['DE', 'AT']) {
      expect(requiresRegion(country(code)), code).toBe(false)
      expect(addressRegions(code), code).toEqual([])
    }
  })

  it('addresses in the US, Poland and Romania must name one of the country’s regions', () => {
    expect(requiresRegion(country('US'))).toBe(true)
    expect(addressRegions('US')).toHaveLength(51)
    expect(addressRegions('us').map((r) => r.code)).toContain('NY')
    expect(addressRegions('PL').map((r) => r.code)).toContain('14')
    expect(addressRegions('RO').map((r) => r.code)).toContain('B')
  })

  it('France and the United Kingdom need none either', () => {
    expect(requiresRegion(country('FR'))).toBe(false)
    expect(requiresRegion(country('GB'))).toBe(false)
  })

  it('keeps every country’s region codes unique, so a code names one region', () => {
    for (const c of COUNTRIES) {
      const codes = (c.regions ?? []).map((r) => r.code)
      expect(new Set(codes).size, c.code).toBe(codes.length)
    }
  })

  it('refuses an unknown country, prototype names included, as not found', () => {
    for (const code of ['ZZ', '__proto__', 'constructor', '']) {
      const error = thrown(() => addressRegions(code))
      expect(error, code).toBeInstanceOf(DomainError)
      expect(error, code).toMatchObject({ kind: 'not-found', code: 'country.not_found.error' })
    }
  })

  it('names a region in the language asked for, and nothing for a country without regions', () => {
    expect(regionName('PL', '14', 'en_US')).toBe('Masovia')
    expect(regionName('US', 'NY', 'de_DE')).toBe('New York')
    expect(regionName('DE', 'BY', 'de_DE')).toBeUndefined()
    expect(regionName('US', null, 'en_US')).toBeUndefined()
  })
})

describe('the ICM answers', () => {
  it('lists the countries by their localized name', () => {
    const names = countriesJson(COUNTRIES, 'de_DE').data.map((c) => c.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de-DE')))
    expect(countriesJson(COUNTRIES, 'de_DE').data).toContainEqual({ id: 'AT', name: 'Österreich' })
  })

  it('answers no main divisions for Germany and sorted ones for Poland', () => {
    expect(mainDivisionsJson(addressRegions('DE'), 'de_DE')).toEqual({ data: [] })
    const polish = mainDivisionsJson(addressRegions('PL'), 'pl_PL').data
    expect(polish).toHaveLength(16)
    expect(polish.map((r) => r.name)).toEqual(
      [...polish.map((r) => r.name)].sort((a, b) => a.localeCompare(b, 'pl-PL')),
    )
  })
})
