import { useDisclosure } from '@mantine/hooks'
import { useState } from 'react'

/**
 * The record a dialog is about (the one to delete, or to edit; null to add one). It is kept after the dialog
 * closes, so the dialog's text does not change while it fades out.
 */
export function useDialogTarget<T>() {
  const [target, setTarget] = useState<T | null>(null)
  const [isOpen, { open, close }] = useDisclosure(false)
  const openFor = (record: T | null) => {
    setTarget(record)
    open()
  }
  return { target, isOpen, openFor, close }
}
