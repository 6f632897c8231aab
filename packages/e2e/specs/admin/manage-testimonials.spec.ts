import { expect, expectToast, test, uniqueSuffix } from '../../fixtures/admin'

test('the owner adds, edits and deletes a testimonial, and a featured one shows on the home page', async ({
  adminPage: page,
  shopAdmin,
}) => {
  const name = `Teresa Avila ${uniqueSuffix()}`
  const content = 'The rosary I ordered arrived beautifully wrapped; it is even lovelier than the photos.'
  const editedContent = 'Lovely rosary and a kind handwritten note: I will order my confirmation gifts here.'

  await page.goto('/admin/testimonials')
  await expect(page.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeVisible()
  await page.getByRole('button', { name: 'Add Testimonial' }).click()

  const addDialog = page.getByRole('dialog', { name: 'Add New Testimonial' })
  await expect(addDialog).toContainText('Create a new customer testimonial to showcase on the website.')
  // A new testimonial starts with rating 5, active and not featured.
  await expect(addDialog.getByRole('textbox', { name: 'Rating' })).toHaveValue('5')
  await expect(addDialog.getByRole('switch', { name: 'Show on website' })).toBeChecked()
  const featured = addDialog.getByRole('switch', { name: 'Display in featured section' })
  await expect(featured).not.toBeChecked()
  await addDialog.getByRole('textbox', { name: 'Name' }).fill(name)
  await addDialog.getByRole('textbox', { name: 'Content' }).fill(content)
  await addDialog.getByRole('textbox', { name: 'Location' }).fill('Avila, Spain')
  await featured.check()
  await addDialog.getByRole('button', { name: 'Create Testimonial' }).click()

  await expectToast(page, 'Success', 'Testimonial created successfully')
  await expect(addDialog).toBeHidden()
  const created = (await shopAdmin.testimonials()).find((t) => t.name === name)
  if (!created) throw new Error(`the testimonial by ${name} was not stored`)
  shopAdmin.deleteLater('testimonial', created.id)
  expect(created).toMatchObject({ content, location: 'Avila, Spain', rating: 5, active: true, featured: true })
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('Avila, Spain')
  await expect(row).toContainText('Active')
  await expect(row.getByRole('img', { name: 'Featured', exact: true })).toBeVisible()

  await page.goto('/')
  const section = page.getByRole('region', { name: 'What Our Customers Say' })
  const card = section.getByRole('figure').filter({ hasText: name })
  await expect(card).toContainText(content)
  await expect(card).toContainText(/Avila, Spain/i)

  await page.goto('/admin/testimonials')
  await page.getByRole('button', { name: `Edit testimonial by ${name}` }).click()
  const editDialog = page.getByRole('dialog', { name: 'Edit Testimonial' })
  await expect(editDialog).toContainText('Update the testimonial information.')
  await expect(editDialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name)
  await editDialog.getByRole('textbox', { name: 'Content' }).fill(editedContent)
  await editDialog.getByRole('textbox', { name: 'Rating' }).fill('4')
  await editDialog.getByRole('button', { name: 'Update Testimonial' }).click()

  await expectToast(page, 'Success', 'Testimonial updated successfully')
  await expect(editDialog).toBeHidden()
  await expect(row).toContainText(editedContent)
  expect((await shopAdmin.testimonials()).find((t) => t.id === created.id)).toMatchObject({
    content: editedContent,
    rating: 4,
  })

  await page.getByRole('button', { name: `Delete testimonial by ${name}` }).click()
  const deleteDialog = page.getByRole('dialog', { name: 'Delete Testimonial' })
  await expect(deleteDialog).toContainText(
    'Are you sure you want to delete this testimonial? This action cannot be undone.',
  )
  await deleteDialog.getByRole('button', { name: 'Delete' }).click()

  await expectToast(page, 'Success', 'Testimonial deleted successfully')
  await expect(deleteDialog).toBeHidden()
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0)
  expect((await shopAdmin.testimonials()).some((t) => t.id === created.id)).toBe(false)

  // The demo testimonials still fill the section; the deleted one is no longer among them.
  await page.goto('/')
  const cards = page.getByRole('region', { name: 'What Our Customers Say' }).getByRole('figure')
  await expect(cards.first()).toBeVisible()
  await expect(cards.filter({ hasText: name })).toHaveCount(0)
})
