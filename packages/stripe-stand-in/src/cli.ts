/**
 * Runs a stand-in on its own, for a browser test's server process or for a look at the hosted page by hand:
 *   pnpm --filter @shop/stripe-stand-in start --port 12111 --webhook-url http://127.0.0.1:3000/api/stripe/webhook
 * Stops on SIGINT or SIGTERM.
 */
import { parseArgs } from 'node:util'
import { startStripeStandIn } from './server'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.STRIPE_STAND_IN_PORT ?? '12111' },
    'webhook-url': { type: 'string', default: process.env.STRIPE_STAND_IN_WEBHOOK_URL },
    'webhook-secret': { type: 'string', default: process.env.STRIPE_STAND_IN_WEBHOOK_SECRET },
    'secret-key': { type: 'string', default: process.env.STRIPE_STAND_IN_SECRET_KEY },
  },
})

const standIn = await startStripeStandIn({
  port: Number(values.port),
  ...(values['webhook-url'] ? { webhookUrl: values['webhook-url'] } : {}),
  ...(values['webhook-secret'] ? { webhookSecret: values['webhook-secret'] } : {}),
  ...(values['secret-key'] ? { secretKey: values['secret-key'] } : {}),
})
console.log(`Stripe stand-in on ${standIn.url} (webhooks signed with ${standIn.webhookSecret})`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    standIn.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
