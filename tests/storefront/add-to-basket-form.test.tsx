// @vitest-environment jsdom
/**
 * The product page's add-to-basket form (app/components/pages/AddToBasketForm.tsx): a plain form without
 * Conform, whose quantity is checked in the browser by `quantityProblem` and wired as the shop's other
 * fields are (the message under the field, `aria-invalid`, `aria-describedby`, focus after a refused
 * submit). A valid add posts to the add route, or with JavaScript joins the page's collected adds.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BasketAdderProvider } from '~/components/basket/BasketAdder'
import { AddToBasketForm } from '~/components/pages/AddToBasketForm'
import type { AddAnswer } from '~/models/basket-adder'
import { localeByLang } from '~/models/locale'
import { renderRoute } from './render-route'

afterEach(cleanup)

const locale = localeByLang('en')!
/** Sold in threes from 3 to 30 pieces; the channel allows 100 of an item. */
const PRODUCT = { sku: '1000042', minOrderQuantity: 3, stepQuantity: 3, maxOrderQuantity: 30 }

/**
 * The form on a product page; `enhanced` wraps it in the page's collected adds (JavaScript running). Every
 * post to the add route is kept in `posts`.
 */
function renderForm({ enhanced }: { enhanced: boolean }) {
  const posts: Record<string, string>[] = []
  const form = <AddToBasketForm product={PRODUCT} maxItemQuantity={100} />
  const Page = () => (enhanced ? <BasketAdderProvider locale={locale}>{form}</BasketAdderProvider> : form)
  renderRoute({
    path: '/en/product',
    pattern: 'en/product',
    Component: Page,
    others: [
      {
        path: 'en/basket/add',
        action: async ({ request }) => {
          posts.push(Object.fromEntries((await request.formData()) as unknown as [string, string][]))
          const answer: AddAnswer = { added: 'Added.', lineIds: ['l-1'], problems: [], mandatory: null }
          return answer
        },
      },
    ],
  })
  return posts
}

const quantity = () => screen.findByLabelText<HTMLInputElement>('Quantity')
const addButton = () => screen.getByRole('button', { name: 'Add to basket' })

describe('the add-to-basket form', () => {
  it('has the quantity rules as input limits and names them next to the input', async () => {
    renderForm({ enhanced: false })
    const input = await quantity()
    expect(input.closest('form')!.id).toBe('add-1000042')
    expect(input.id).toBe('add-1000042-quantity')
    expect([input.min, input.max, input.step, input.value]).toEqual(['3', '30', '3', '3'])
    expect(input.required).toBe(true)
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(input.getAttribute('aria-describedby')).toBe('add-1000042-rules')
    expect(document.getElementById('add-1000042-rules')!.textContent).toMatch(/Minimum order: 3 pieces/)
  })

  it('refuses a quantity off the steps under the field, focuses it and posts nothing', async () => {
    const posts = renderForm({ enhanced: true })
    const input = await quantity()
    fireEvent.change(input, { target: { value: '4' } })
    fireEvent.click(addButton())
    const error = await screen.findByText('This product is sold in steps of 3, starting at 3.', {
      selector: '.field-error li',
    })
    expect(error.closest('ul')!.id).toBe('add-1000042-quantity-error')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')).toBe('add-1000042-quantity-error add-1000042-rules')
    expect(document.activeElement).toBe(input)
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(posts).toEqual([])
  })

  it('names the first rule broken, checked from the first blur on and again as the shopper types', async () => {
    renderForm({ enhanced: true })
    const input = await quantity()
    fireEvent.change(input, { target: { value: '' } })
    expect(screen.queryByRole('listitem')).toBeNull()
    fireEvent.blur(input)
    await screen.findByText('Please enter a whole number of at least 3.')
    fireEvent.change(input, { target: { value: '33' } })
    await screen.findByText('You can order at most 30 pieces of this product.')
    fireEvent.change(input, { target: { value: '9' } })
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBeNull())
    expect(document.querySelector('.field-error')).toBeNull()
    expect(input.getAttribute('aria-describedby')).toBe('add-1000042-rules')
  })

  it('with JavaScript, hands a valid add to the collected adds (one call for the page)', async () => {
    const posts = renderForm({ enhanced: true })
    const input = await quantity()
    await waitFor(() => expect(input.closest('form')!.hasAttribute('data-enhanced')).toBe(true))
    fireEvent.change(input, { target: { value: '6' } })
    fireEvent.click(addButton())
    await waitFor(() => expect(posts).toHaveLength(1), { timeout: 2000 })
    expect(posts[0]).toEqual({ response: 'json', sku: '1000042', quantity: '6', warranty: '' })
  })

  it('without the collected adds, posts the form to the add route as it is', async () => {
    const posts = renderForm({ enhanced: false })
    const input = await quantity()
    expect(input.closest('form')!.hasAttribute('data-enhanced')).toBe(false)
    fireEvent.change(input, { target: { value: '9' } })
    fireEvent.click(addButton())
    await waitFor(() => expect(posts).toHaveLength(1))
    expect(posts[0]).toEqual({
      intent: 'addToBasket',
      sku: '1000042',
      returnUrl: '/en/product',
      quantity: '9',
    })
  })
})
