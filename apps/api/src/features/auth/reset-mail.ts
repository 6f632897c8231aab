function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function renderResetMail(values: { shopName: string; adminName: string; resetLink: string }) {
  const { shopName, adminName, resetLink } = values
  const text = [
    `Hello ${adminName},`,
    '',
    `Someone asked to reset the password of your ${shopName} admin account.`,
    'Open this link within 15 minutes to choose a new password:',
    '',
    resetLink,
    '',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n')
  const html = `<p>Hello ${escapeHtml(adminName)},</p>
<p>Someone asked to reset the password of your ${escapeHtml(shopName)} admin account.
Open this link within 15 minutes to choose a new password:</p>
<p><a href="${escapeHtml(resetLink)}">Reset your password</a></p>
<p>If you did not ask for this, ignore this email: your password stays as it is.</p>`
  return { subject: `Reset your ${shopName} admin password`, text, html }
}
