import { Button, Group, Stack, Textarea } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type AddOrderNoteInput, MAX_NOTE_LENGTH, ZAddOrderNoteInput } from '@shop/schema/orders'

interface OrderNoteFormProps {
  orderId: number
  isPending: boolean
  /** Resolves once the note is stored; the form empties then, and keeps the text if it failed. */
  onSubmit: (values: AddOrderNoteInput) => Promise<unknown>
}

/** An internal note on the order, checked with the server's schema; the customer never sees it. */
export function OrderNoteForm({ orderId, isPending, onSubmit }: OrderNoteFormProps) {
  const form = useForm<AddOrderNoteInput>({
    mode: 'uncontrolled',
    initialValues: { id: orderId, text: '' },
    validate: schemaResolver(ZAddOrderNoteInput, { sync: true }),
    transformValues: (values) => ZAddOrderNoteInput.parse(values),
  })
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        onSubmit(values).then(
          () => form.reset(),
          // The hook's toast says why; the text stays for another try.
          () => undefined,
        ),
      )}
    >
      <Stack gap="xs">
        <Textarea
          label="Internal note"
          description="Only admins see notes; the customer never does."
          placeholder="e.g. Called the customer about the engraving"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={MAX_NOTE_LENGTH}
          key={form.key('text')}
          {...form.getInputProps('text')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" variant="default" loading={isPending}>
            Add note
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
