/**
 * /admin/pedidos?pedido=42 (a push's click, issue #43) opens order #42 on the board. The
 * parameter is taken off the address once read, so a reload or a later push opens what it names.
 */
import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'

const ORDER_PARAM = 'pedido'

export function useOrderFromLink(open: (number: number) => void): void {
  const location = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    const params = new URLSearchParams(location.search)
    const number = Number(params.get(ORDER_PARAM))
    if (!Number.isInteger(number) || number <= 0) return
    open(number)
    params.delete(ORDER_PARAM)
    const search = params.toString()
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true })
  }, [location.search, location.pathname, navigate, open])
}
