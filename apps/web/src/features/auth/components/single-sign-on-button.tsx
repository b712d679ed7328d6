import { RETURN_TO_PARAM } from '@hackathon/contract'

import { Button } from '@/components/ui/button'

import { useAuthOptions } from '../api/get-auth-options'

/**
 * The single sign-on of docs/product/sign-in.md#single-sign-on, shown only when the server has a
 * provider configured. A plain link, not a fetch: the provider's pages need a full browser
 * navigation.
 */
export function SingleSignOnButton({ returnTo }: { returnTo?: string | null }) {
  const { data } = useAuthOptions()
  if (!data?.sso.enabled) return null
  const href = returnTo
    ? `/api/login?${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}`
    : '/api/login'

  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </div>
      <Button asChild variant="outline" className="w-full">
        <a href={href}>{data.sso.label.trim() || 'Sign in with single sign-on'}</a>
      </Button>
    </div>
  )
}
