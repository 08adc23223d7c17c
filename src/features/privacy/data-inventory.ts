// What the product keeps about people: one row per kind of personal data, naming the tables of
// db/schema.ts that hold it, why, on which legal basis (LGPD art. 7), for how long and who receives it.
// /privacidade renders its table from here, and the retention periods are the constants the code
// enforces, so a change in code changes the page. data-inventory.test.ts fails when a table of the
// schema is neither here nor in NO_PERSONAL_DATA: a new table forces a decision.
import { ACCESS_LOG_RETENTION_MONTHS } from '#src/features/access-log/access-log.ts';
import { LOGIN_WINDOW_SECONDS } from '#src/features/auth/accounts.server.ts';
import { LOGGED_IN_COOKIE, SESSION_COOKIE, SESSION_DAYS } from '#src/features/auth/session.server.ts';
import { CONFIRM_EMAIL_HOURS, PASSWORD_RESET_MINUTES } from '#src/features/mail/templates.ts';
import { IDEMPOTENCY_KEEP_HOURS } from '#src/lib/idempotency.server.ts';
import {
  AUTH_TOKEN_KEEP_DAYS,
  ENGAGEMENT_KEEP_DAYS,
  LEGAL_NOTICE_KEEP_YEARS,
  MAIL_KEEP_DAYS,
  ORDER_TAX_YEARS,
} from './retention.ts';

/** When /privacidade last changed in substance (AAAA-MM-DD): the page prints it as 'Última atualização'. */
export const PRIVACY_UPDATED_ON = '2026-11-28';

/** LGPD art. 7: the legal bases this product uses, as the page names them. */
export const LEGAL_BASES = {
  contract: 'Execução de contrato (art. 7º, V)',
  legalObligation: 'Cumprimento de obrigação legal (art. 7º, II)',
  legitimateInterest: 'Legítimo interesse (art. 7º, IX)',
  rights: 'Exercício regular de direitos (art. 7º, VI)',
} as const;
export type LegalBasis = keyof typeof LEGAL_BASES;

/** Who receives personal data besides us (operators that process it on our behalf). */
export const RECIPIENTS = {
  host: 'Netlify (hospedagem do site e das funções)',
  database: 'Neon (banco de dados)',
  mail: 'Provedor de e-mail (envio das mensagens)',
  stripe: 'Stripe (pagamento com cartão)',
  mercadoPago: 'Mercado Pago (pagamento)',
  ageVerification: 'Serviço de verificação de idade (só quando você pede para verificar a idade)',
  courts: 'Autoridade judicial, somente por ordem judicial',
  public: 'Visitantes do site (o que o grupo publica)',
} as const;
export type Recipient = keyof typeof RECIPIENTS;

export interface InventoryRow {
  /** SQL names of the tables this row describes. */
  tables: readonly string[];
  /** Short title of the row. */
  name: string;
  data: string;
  purpose: string;
  basis: readonly LegalBasis[];
  retention: string;
  recipients: readonly Recipient[];
}

const HOSTING: readonly Recipient[] = ['host', 'database'];
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const DATA_INVENTORY: readonly InventoryRow[] = [
  {
    tables: ['users'],
    name: 'Conta',
    data: 'Nome, e-mail, telefone (se informado), senha guardada como hash (nunca a senha), data de criação e de confirmação do e-mail.',
    purpose: 'Entrar no site, enviar e gerenciar grupos, comprar destaques e receber avisos sobre eles.',
    basis: ['contract'],
    retention: "Enquanto a conta existir. 'Excluir minha conta', em Meus dados no painel, apaga a conta.",
    recipients: [...HOSTING, 'mail'],
  },
  {
    tables: ['groups', 'group_revisions', 'group_slug_history'],
    name: 'Grupos enviados',
    data: 'Título, descrição, link de convite, imagem e categoria do grupo, ligados à conta de quem enviou; as edições pendentes de revisão.',
    purpose: 'Publicar o grupo no diretório depois da revisão e permitir que o dono o edite.',
    basis: ['contract'],
    retention:
      'Enquanto o grupo estiver no site. O dono pode excluí-lo no painel; excluir a conta exclui os grupos dela.',
    recipients: [...HOSTING, 'public'],
  },
  {
    tables: ['feature_orders', 'order_refunds', 'processed_webhook_events'],
    name: 'Pedidos e pagamentos de destaque',
    data: 'Plano, valor, dias, datas, situação, meio de pagamento e os identificadores do pagamento no provedor; nos reembolsos, quem pediu e o identificador do reembolso. Os dados do cartão ficam só com o provedor.',
    purpose:
      'Cobrar e ativar o destaque comprado, reembolsar em caso de desistência e prestar contas ao fisco.',
    basis: ['contract', 'legalObligation'],
    retention: `${plural(ORDER_TAX_YEARS, 'ano', 'anos')} (legislação tributária). Se a conta for excluída, o pedido fica sem nome nem e-mail: restam valor, datas e identificadores do pagamento.`,
    recipients: [...HOSTING, 'stripe', 'mercadoPago'],
  },
  {
    tables: ['group_reports'],
    name: 'Denúncias de grupos',
    data: 'Motivo e texto da denúncia, a conta de quem denunciou (se estava logado) e um resumo criptográfico (hash com segredo) do endereço de rede, nunca o endereço.',
    purpose:
      'Tirar do ar grupos com golpes ou conteúdo ilegal e impedir que uma só pessoa derrube grupos alheios.',
    basis: ['legitimateInterest'],
    retention:
      'Enquanto o grupo denunciado existir. O dono do grupo vê os motivos, nunca quem denunciou; excluir a conta desliga a denúncia dela.',
    recipients: HOSTING,
  },
  {
    tables: ['engagement_events'],
    name: 'Cliques e compartilhamentos',
    data: 'Grupo ou anúncio, dia e um hash diário (com segredo) do endereço de rede e do navegador, e outro só da faixa de rede (/24 ou /48): o endereço não é guardado e os hashes mudam a cada dia.',
    purpose:
      'Contar cada visitante uma vez por grupo e por dia (contadores honestos), mostrar estatísticas ao dono e descontar rajadas de uma mesma rede na ordem dos grupos (/como-ordenamos).',
    basis: ['legitimateInterest'],
    retention: `${ENGAGEMENT_KEEP_DAYS} dias depois do dia do clique (apagados de hora em hora); os totais por grupo ficam sem identificação.`,
    recipients: HOSTING,
  },
  {
    tables: ['rate_limit_buckets'],
    name: 'Limites contra abuso',
    data: 'Contadores de tentativas ligados a um hash do endereço de rede ou à conta (login, cadastro, denúncias, envios).',
    purpose: 'Impedir ataques a senhas, cadastros em massa e inundação de denúncias.',
    basis: ['legitimateInterest'],
    retention: `Até o fim da janela de contagem (de ${LOGIN_WINDOW_SECONDS / 60} minutos a 1 dia); apagados de hora em hora.`,
    recipients: HOSTING,
  },
  {
    tables: ['renewal_reminders'],
    name: 'Lembretes de renovação',
    data: 'A conta que pediu o aviso, quando pediu e quando recebeu o último.',
    purpose: "Avisar por e-mail, no máximo uma vez por dia, quando o 'Renovar' grátis de um grupo abre.",
    basis: ['contract'],
    retention: 'Até você desligar o aviso (no painel ou pelo link do e-mail) ou excluir a conta.',
    recipients: [...HOSTING, 'mail'],
  },
  {
    tables: ['idempotency_keys'],
    name: 'Repetições de pedidos',
    data: 'A conta que iniciou um pagamento ou uma importação, a chave enviada pelo navegador e a primeira resposta do site.',
    purpose: 'Garantir que uma nova tentativa depois de uma falha de rede não crie um segundo pedido.',
    basis: ['contract'],
    retention: `${IDEMPOTENCY_KEEP_HOURS} horas; apagadas de hora em hora.`,
    recipients: HOSTING,
  },
  {
    tables: ['revoked_sessions'],
    name: 'Sessões encerradas',
    data: "Hash do identificador de uma sessão encerrada com 'Sair'.",
    purpose: 'Garantir que uma sessão encerrada não volte a funcionar.',
    basis: ['contract'],
    retention: `Até a data em que a sessão expiraria (no máximo ${plural(SESSION_DAYS, 'dia', 'dias')}).`,
    recipients: HOSTING,
  },
  {
    tables: ['auth_tokens'],
    name: 'Links enviados por e-mail',
    data: 'Hash de uso único dos links de confirmação de e-mail e de nova senha, ligado à conta.',
    purpose: 'Confirmar o e-mail e recuperar a conta.',
    basis: ['contract'],
    retention: `Valem ${CONFIRM_EMAIL_HOURS} horas (confirmação) ou ${PASSWORD_RESET_MINUTES} minutos (nova senha); apagados ${plural(AUTH_TOKEN_KEEP_DAYS, 'dia', 'dias')} depois de expirar.`,
    recipients: HOSTING,
  },
  {
    tables: ['mail_outbox', 'user_email_history'],
    name: 'E-mails enviados',
    data: 'Endereço do destinatário, o modelo e os dados da mensagem (nome, título do grupo, links); quando você troca de e-mail, o endereço anterior e a data da troca, para que as mensagens enviadas a ele entrem na sua exportação e saiam com a sua conta.',
    purpose:
      'Enviar confirmações, avisos de moderação, de pagamento e de destaque, tentando de novo se o envio falhar.',
    basis: ['contract'],
    retention: `${MAIL_KEEP_DAYS} dias depois de escritos (o endereço anterior, ${MAIL_KEEP_DAYS} dias depois da troca). Excluir a conta apaga os e-mails enviados ao endereço atual e aos anteriores.`,
    recipients: [...HOSTING, 'mail'],
  },
  // --- Rows of the other parts of issue #31, bound to their tables by the lead at merge. -----------
  {
    tables: ['access_logs', 'access_log_holds', 'access_log_disclosures'],
    name: 'Registros de acesso (Marco Civil, art. 15)',
    data: 'Endereço IP e data e hora de eventos da conta (cadastro, login, saída, troca de senha, envio, edição, pagamento, exportação e exclusão), do envio de grupo sem conta e do envio de denúncia jurídica, criptografados com chave própria; a pessoa aparece só como um código (hash com segredo) do e-mail. Um endereço que não chegou fica registrado como ausente. Guardamos também os pedidos de guarda por mais tempo feitos por autoridades e o registro de cada entrega (quem entregou, quando, quais registros e com base em qual ordem).',
    purpose: 'Guarda exigida por lei de quem oferece aplicação na internet como empresa.',
    basis: ['legalObligation'],
    retention: `${plural(ACCESS_LOG_RETENTION_MONTHS, 'mês', 'meses')}, apagados automaticamente, ou mais, só enquanto um pedido de autoridade (Marco Civil, art. 15, § 2º) estiver em vigor. Entregues somente por ordem judicial.`,
    recipients: [...HOSTING, 'courts'],
  },
  {
    tables: ['legal_notices', 'legal_notice_events'],
    name: 'Denúncias jurídicas',
    data: 'Nome e e-mail de quem notifica, um hash (com segredo) do endereço de rede, o grupo indicado, a descrição, a declaração de veracidade (com o texto mostrado no formulário), a decisão tomada, a comunicação às autoridades nos casos de abuso infantil (data, órgão e protocolo) e o histórico (com o e-mail do administrador que decidiu).',
    purpose:
      'Receber e decidir notificações de conteúdo ilegal, de imagens íntimas e de abuso infantil, e responder a quem notificou.',
    basis: ['legalObligation', 'rights'],
    retention: `Enquanto aguardam decisão e por ${plural(LEGAL_NOTICE_KEEP_YEARS, 'ano', 'anos')} depois dela (prazo para questionar a decisão na Justiça), apagadas automaticamente.`,
    recipients: [...HOSTING, 'mail'],
  },
  {
    tables: ['hold_appeals'],
    name: 'Contestações de grupos ocultados',
    data: 'A conta do dono, o grupo, a retenção contestada, o texto da contestação, a decisão (restaurar ou manter), o motivo e o e-mail do administrador que decidiu.',
    purpose: 'Dar ao dono o direito de contestar a ocultação ou remoção do grupo e registrar a revisão.',
    basis: ['contract', 'rights'],
    retention: 'Enquanto o grupo existir (saem junto com ele).',
    recipients: [...HOSTING, 'mail'],
  },
  {
    tables: ['group_claims'],
    name: 'Pedidos de posse de grupo',
    data: 'A conta de quem pede a posse de um grupo já listado, o grupo, o código de verificação, o nome que o grupo tinha no WhatsApp na verificação e o dono anterior.',
    purpose:
      'Entregar a gestão de um grupo a quem comprova administrá-lo, e mostrar à moderação o histórico de donos.',
    basis: ['contract', 'legitimateInterest'],
    retention: 'Enquanto o grupo existir (o histórico de donos vai junto quando o grupo é excluído).',
    recipients: HOSTING,
  },
];

/**
 * Tables of db/schema.ts that hold no personal data, each with why. A table added to the schema must be
 * put here or in DATA_INVENTORY (data-inventory.test.ts).
 */
export const NO_PERSONAL_DATA: Readonly<Record<string, string>> = {
  categories: 'the catalogue’s categories',
  tags: 'the tag vocabulary (names, synonyms, flags), kept by the admins',
  group_tags: 'which public tags a group carries (the group is described under groups)',
  link_check_state: 'the cursor of the scheduled link check',
  link_check_tallies: 'counts of link checks by hour and cause, no group or person',
  search_words: 'words of public group titles, for search suggestions',
  feature_plans: 'the plans on sale (name, days, price)',
  pwa_settings: 'the installable app’s name, colours and icons',
  ad_settings: 'how many group cards come before each ad in the lists',
  advertisements: 'ads placed by the admins (created_by points at an admin account, described under users)',
  payment_settings: 'the providers’ keys, encrypted at rest',
  rebuild_requests: 'requests to rebuild the static site (a reason such as "group approved")',
  group_holds:
    'why a group is off the site (reason, notice, court order number); placed_by/lifted_by point at admin accounts, whose e-mail the trail keeps as legal_notice_events does',
  transparency_events:
    'the transparency report’s facts (a report’s reason, a hold’s reason, an appeal’s outcome, an ad’s id) with their time: no person, no group',
  transparency_reports: 'each closed year’s transparency report: counts only',
};

/** A cookie the site sets, with what it is for and how long it lasts. */
export interface CookieRow {
  name: string;
  purpose: string;
  lifetime: string;
}

/** The cookies the site sets: the session's, and nothing for analytics or advertising. */
export const COOKIES: readonly CookieRow[] = [
  {
    name: SESSION_COOKIE,
    purpose: 'Mantém você logado. Inacessível a scripts (HttpOnly) e enviado só a este site.',
    lifetime: plural(SESSION_DAYS, 'dia', 'dias'),
  },
  {
    name: LOGGED_IN_COOKIE,
    purpose: "Diz às páginas só que há alguém logado (valor '1'), para mostrar o menu da conta.",
    lifetime: plural(SESSION_DAYS, 'dia', 'dias'),
  },
];
