import { Text } from '@mantine/core'

export const ORDER_ERROR_TITLE = 'Error processing order'
export const ORDER_ERROR_MESSAGE = 'There was a problem processing your order. Please try again.'

/** The checkout failure toast's text, plus the server's reason (e.g. which product is short of stock) when it sent one. */
export function OrderErrorMessage({ detail }: { detail: string | undefined }) {
  return (
    <>
      <Text span display="block" size="sm" c="ink.8">
        {ORDER_ERROR_MESSAGE}
      </Text>
      {detail && (
        <Text span display="block" size="sm" fw={600} mt={4} c="ink.9">
          {detail}
        </Text>
      )}
    </>
  )
}
