import { PageHeader } from '../../components/page-header'
import { ChatNumberForm } from './chat-number-form'

export default function ConfiguracionPage() {
  return (
    <div>
      <PageHeader title="Configuración" description="Ajustes generales de la tienda" />
      <ChatNumberForm />
    </div>
  )
}
