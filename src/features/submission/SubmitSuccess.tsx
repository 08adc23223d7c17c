// /enviar's success screen: what happens next (the review, then the listing and what the owner can do),
// and for a sender without an account the invitation to create one or log in to follow the group (the
// token the answer carried is kept: the panel links the group once logged in).
import { CheckCircle2 } from 'lucide-react';
import { Button } from '#src/components/ui/Button.tsx';
import { Card } from '#src/components/ui/Card.tsx';
import { REDIRECT_AFTER_LOGIN_KEY } from '#src/features/auth/RequireSession.tsx';
import { MODERATION_TIME } from './submission.schema.ts';

export interface Submitted {
  title: string;
  /** sent without an account: the invitation to follow it from one */
  anonymous: boolean;
}

/** After logging in (or signing up), open the panel, where the group joins the account. */
function toPanelAfterLogin() {
  try {
    localStorage.setItem(REDIRECT_AFTER_LOGIN_KEY, '/painel');
  } catch {
    // the panel is where a login lands anyway
  }
}

function NextSteps({ anonymous }: { anonymous: boolean }) {
  return (
    <ol className="mt-5 flex list-decimal flex-col gap-2 pl-5 text-left text-neutral-700">
      <li>
        <strong className="text-neutral-900">Revisão:</strong> a equipe confere o link, o título e a
        descrição, por ordem de chegada, {MODERATION_TIME}.
      </li>
      <li>
        <strong className="text-neutral-900">Publicação:</strong> aprovado, o grupo aparece em Últimos Grupos
        e na categoria{anonymous ? '.' : ', e você recebe um e-mail.'}
      </li>
      <li>
        <strong className="text-neutral-900">Depois:</strong> no painel, renove de graça uma vez por dia para
        o grupo voltar ao topo, ou destaque-o no topo da página inicial.
      </li>
    </ol>
  );
}

export function SubmitSuccess({ group, onAnother }: { group: Submitted; onAnother: () => void }) {
  return (
    <Card padding="lg" role="status">
      <div className="text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto mb-3 size-14 text-brand-600" />
        <h2 className="text-xl font-bold text-neutral-900">Grupo enviado com sucesso!</h2>
        <p dir="auto" className="mt-2 break-words text-neutral-600">
          Recebemos “{group.title}”. Ele aparece no site assim que for aprovado.
        </p>
      </div>
      <NextSteps anonymous={group.anonymous} />
      {group.anonymous ? (
        <div className="mt-6 rounded-card border border-brand-200 bg-brand-50 p-4">
          <p className="font-semibold text-neutral-900">Quer acompanhar a análise?</p>
          <p className="mt-1 text-sm text-neutral-700">
            Crie uma conta ou entre: o grupo vai para o seu painel, você recebe um e-mail quando ele for
            aprovado e pode editá-lo, renová-lo e ver quantas pessoas entraram.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button href="/auth?tab=register" onClick={toPanelAfterLogin}>
              Criar conta
            </Button>
            <Button href="/auth" variant="secondary" onClick={toPanelAfterLogin}>
              Entrar
            </Button>
          </div>
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {!group.anonymous && <Button href="/painel">Acompanhar no painel</Button>}
        <Button variant="secondary" onClick={onAnother}>
          Enviar outro grupo
        </Button>
        <Button variant="ghost" href="/">
          Voltar para o início
        </Button>
      </div>
    </Card>
  );
}
