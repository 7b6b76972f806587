import type { EmuResponse } from '../types'

/** HTML pages of the authorize flow. Element ids are stable because browser tests click them. */
function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function page(status: number, title: string, body: string): EmuResponse {
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`
  }
}

export function consentPage(requestId: string, appName: string, scopes: string[]): EmuResponse {
  const form = (decision: 'approve' | 'deny', label: string): string =>
    `<form method="post" action="/oauth/authorize/decision">` +
    `<input type="hidden" name="request_id" value="${esc(requestId)}">` +
    `<input type="hidden" name="decision" value="${decision}">` +
    `<button type="submit" id="${decision}">${label}</button></form>`
  return page(
    200,
    '認証が必要です',
    `<h1>認証が必要です</h1><p id="client-name">${esc(appName)} があなたのアカウントへのアクセスを求めています。</p>` +
      `<ul id="scopes">${scopes.map((s) => `<li>${esc(s)}</li>`).join('')}</ul>` +
      form('approve', '承認する (Approve)') +
      form('deny', '拒否する (Deny)')
  )
}

export function codePage(code: string): EmuResponse {
  return page(
    200,
    '認証コード',
    `<h1>認証コード</h1><p>このコードをアプリに貼り付けてください:</p><code id="authorization-code">${esc(code)}</code>`
  )
}

export function errorPage(status: number, error: string, description: string): EmuResponse {
  return page(
    status,
    'エラーが発生しました',
    `<h1>エラーが発生しました</h1><p id="error">${esc(error)}</p><p id="error-description">${esc(description)}</p>`
  )
}

export function redirect(location: string): EmuResponse {
  return { status: 302, headers: { location }, body: undefined }
}

export function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const u = new URL(uri)
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v)
  return u.toString()
}
