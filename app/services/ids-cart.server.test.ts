import { describe, expect, it } from 'vitest'
import { MAX_CART_ITEMS, readIdsCart } from './ids-cart.server'

const cart = (items: string, prefix = '') => `<?xml version="1.0" encoding="UTF-8"?>
<${prefix}Warenkorb xmlns${prefix ? `:${prefix.slice(0, -1)}` : ''}="http://www.itek.de/Shop-Anbindung/Warenkorb/">
  <${prefix}WarenkorbInfo><${prefix}Date>2026-03-01</${prefix}Date><${prefix}Version>2.5</${prefix}Version></${prefix}WarenkorbInfo>
  <${prefix}Order>${items}</${prefix}Order>
</${prefix}Warenkorb>`

const item = (artNo: string, qty: string, qu = 'PCE') =>
  `<OrderItem><ArtNo>${artNo}</ArtNo><Qty>${qty}</Qty><QU>${qu}</QU><Kurztext>Text</Kurztext></OrderItem>`

describe('an IDS Connect WKS cart', () => {
  it('lists the order items in their order, article numbers as written, quantities in whole pieces', () => {
    expect(
      readIdsCart(cart(item('00123', '2.00') + item('A&amp;B-7', '10') + item('9', '3,00', 'MTR'))),
    ).toEqual({
      ok: true,
      items: [
        { position: 1, sku: '00123', quantity: 2, unit: 'PCE' },
        { position: 2, sku: 'A&B-7', quantity: 10, unit: 'PCE' },
        { position: 3, sku: '9', quantity: 3, unit: 'MTR' },
      ],
    })
  })

  it('reads a cart written with a namespace prefix', () => {
    const prefixed = cart(`<wk:OrderItem><wk:ArtNo>1</wk:ArtNo><wk:Qty>1</wk:Qty></wk:OrderItem>`, 'wk:')
    expect(readIdsCart(prefixed)).toMatchObject({ ok: true, items: [{ sku: '1', quantity: 1 }] })
  })

  it('keeps an item whose quantity is no whole number above 0, or that has no article number, to report it', () => {
    const read = readIdsCart(cart(item('1', '1.50') + item('2', '0') + item('3', 'zwei') + item('', '1')))
    expect(read).toEqual({
      ok: true,
      items: [
        { position: 1, sku: '1', quantity: null, unit: 'PCE' },
        { position: 2, sku: '2', quantity: null, unit: 'PCE' },
        { position: 3, sku: '3', quantity: null, unit: 'PCE' },
        { position: 4, sku: '', quantity: 1, unit: 'PCE' },
      ],
    })
  })

  it('is empty without order items (spec §5: WKS needs at least one)', () => {
    expect(readIdsCart(cart(''))).toEqual({ ok: false, reason: 'empty' })
    expect(readIdsCart('<Warenkorb/>')).toEqual({ ok: false, reason: 'empty' })
  })

  it('refuses what is no cart: other XML, broken XML, a document type with entities', () => {
    expect(readIdsCart('<Basket><Item/></Basket>')).toEqual({ ok: false, reason: 'invalid' })
    expect(readIdsCart('<Warenkorb><Order>')).toEqual({ ok: false, reason: 'invalid' })
    expect(readIdsCart('not xml at all')).toEqual({ ok: false, reason: 'invalid' })
    const bomb = `<?xml version="1.0"?><!DOCTYPE Warenkorb [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>${cart(item('&b;', '1'))}`
    expect(readIdsCart(bomb)).toEqual({ ok: false, reason: 'invalid' })
  })

  it(`takes at most ${MAX_CART_ITEMS} items`, () => {
    expect(readIdsCart(cart(item('1', '1').repeat(MAX_CART_ITEMS))).ok).toBe(true)
    expect(readIdsCart(cart(item('1', '1').repeat(MAX_CART_ITEMS + 1)))).toEqual({
      ok: false,
      reason: 'too-large',
    })
  })
})
