// The red 'Serviço indisponível' notice of the plans and payment screens.
import { AlertTriangle } from 'lucide-react';
import { UNAVAILABLE_NOTICE } from './payments.ts';

export function UnavailableNotice() {
  return (
    <div role="alert" className="flex gap-3 rounded-card border border-red-200 bg-red-50 p-4 text-red-900">
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
      <div>
        <p className="font-semibold">Serviço indisponível</p>
        <p className="mt-1 text-sm">{UNAVAILABLE_NOTICE}</p>
      </div>
    </div>
  );
}
