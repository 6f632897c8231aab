import { describe, expect, it } from 'vitest'
import { StripeFailure } from './errors'
import { parseForm } from './form'

describe('parseForm', () => {
  it('nests bracketed keys into hashes and numbered keys into lists', () => {
    const body = [
      'mode=payment',
      'line_items[0][price_data][currency]=usd',
      'line_items[0][price_data][unit_amount]=2500',
      'line_items[0][price_data][product_data][name]=Silver%20ring',
      'line_items[1][quantity]=2',
      'line_items[0][quantity]=1',
      'metadata[order]=A-1',
      'expand[]=payment_intent',
      'expand[]=line_items',
    ].join('&')
    expect(parseForm(body)).toEqual({
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'usd', unit_amount: '2500', product_data: { name: 'Silver ring' } },
          quantity: '1',
        },
        { quantity: '2' },
      ],
      metadata: { order: 'A-1' },
      expand: ['payment_intent', 'line_items'],
    })
  })

  it('decodes plus signs and percent escapes, and keeps empty values', () => {
    expect(parseForm('a=one+two%26three&b=&c')).toEqual({ a: 'one two&three', b: '', c: '' })
  })

  it('refuses a key that is both a value and a hash', () => {
    expect(() => parseForm('metadata=x&metadata[a]=b')).toThrow(StripeFailure)
    expect(() => parseForm('a[b=1')).toThrow(StripeFailure)
  })
})
