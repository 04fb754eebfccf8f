/**
 * The nav bar's four icons, drawn as lucide-react draws them (same paths and stroke;
 * Lucide, ISC licence). Everywhere else the page uses lucide-react, but the nav bar is
 * in the landing page's first-load script, where lucide-react's icon runtime alone
 * would add 1.8 KB gzip before the menu hydrates (decision 017).
 */
import type { SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement>

function Icon({ paths, ...props }: IconProps & { paths: string[] }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" {...props}>
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}

export const ShoppingBagIcon = (props: IconProps) => (
  <Icon
    paths={['M16 10a4 4 0 0 1-8 0', 'M3.103 6.034h17.794', 'M3.4 5.467a2 2 0 0 0-.4 1.2V20a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6.667a2 2 0 0 0-.4-1.2l-2-2.667A2 2 0 0 0 17 2H7a2 2 0 0 0-1.6.8z']}
    {...props}
  />
)
export const MenuIcon = (props: IconProps) => <Icon paths={['M4 5h16', 'M4 12h16', 'M4 19h16']} {...props} />
export const CloseIcon = (props: IconProps) => <Icon paths={['M18 6 6 18', 'm6 6 12 12']} {...props} />
/** Lucide's 'receipt-text': 'Tus pedidos' on a phone, where its words do not fit beside the name. */
export const ReceiptIcon = (props: IconProps) => (
  <Icon paths={['M4 2v20l2-1 2 1 2-1 2 1 2-1 2 1 2-1 2 1V2l-2 1-2-1-2 1-2-1-2 1-2-1-2 1Z', 'M14 8H8', 'M16 12H8', 'M13 16H8']} {...props} />
)
