import type { StoreProfile } from '../../../shared/store-profile'

const NETWORKS = [
  { key: 'instagram', label: 'Instagram' },
  { key: 'facebook', label: 'Facebook' },
  { key: 'tiktok', label: 'TikTok' },
] as const

/** The restaurant's social links that the owner gave (https only: the shared schema), in a fixed order. */
function socialLinks(profile: Pick<StoreProfile, 'instagram' | 'facebook' | 'tiktok'>): { label: string; href: string }[] {
  return NETWORKS.flatMap(({ key, label }) => {
    const href = profile[key]
    return href ? [{ label, href }] : []
  })
}

export function SocialLinks({ profile, className = '' }: { profile: Pick<StoreProfile, 'instagram' | 'facebook' | 'tiktok'>; className?: string }) {
  const links = socialLinks(profile)
  if (links.length === 0) return null
  return (
    <ul className={`flex flex-wrap gap-x-4 ${className}`} aria-label="Redes sociales" data-testid="social-links">
      {links.map((link) => (
        <li key={link.label}>
          <a href={link.href} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4">
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  )
}
