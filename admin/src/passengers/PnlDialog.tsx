import '../app/page.css';
import { formatDateTime } from '@flybook/locales/format';
import { type Pnl, passengerCalls } from '@flybook/schemas';
import { Button, Dialog } from '@flybook/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Label, Radio, RadioGroup, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/context.tsx';
import { toHttpError } from '../app/errors.ts';
import { LoadFailure } from '../app/LoadFailure.tsx';
import { useLocale } from '../app/layout-parts.tsx';
import { actionFailureMessage } from '../app/notices.ts';
import { passengerInfoKey } from './use-passenger-jobs.ts';

/** One list's PNL: the message text, the pending ADL, and recording either as sent. */
function PnlPanel({
  flightId,
  pnl,
  agentId,
  maySend,
}: {
  flightId: number;
  pnl: Pnl;
  agentId?: number;
  maySend: boolean;
}) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const { client, notifications, translateError } = useServices();
  const queryClient = useQueryClient();
  const [view, setView] = useState<'PNL' | 'ADL'>('PNL');
  const send = useMutation({
    mutationFn: (type: 'PNL' | 'ADL') =>
      client.call(passengerCalls.sendPnl, {
        params: { flightId },
        body: { type, ...(agentId === undefined ? {} : { agentId }) },
      }),
    onSuccess: async (message) => {
      notifications.notify({
        kind: 'success',
        message: t('passengers.pnl.recorded', { type: message.type }),
      });
      setView('PNL');
      await queryClient.invalidateQueries({ queryKey: [...passengerInfoKey(flightId), 'pnl'] });
    },
    onError: (error) => {
      const message = actionFailureMessage(t, (key) => i18n.exists(key), toHttpError(error, translateError));
      if (message) notifications.notify({ kind: 'error', message });
    },
  });
  const text = view === 'ADL' && pnl.adl !== null ? pnl.adl : pnl.pnl;
  const last = pnl.lastMessage;
  return (
    <div className="pnl-panel">
      <div className="pnl-panel__facts">
        <p>{t('passengers.pnl.total', { count: pnl.total })}</p>
        <p>
          {last
            ? t('passengers.pnl.lastSent', {
                type: last.type,
                date: formatDateTime(last.createdAt, locale),
                user: last.user?.displayName ?? '—',
              })
            : t('passengers.pnl.neverSent')}
        </p>
      </div>
      {pnl.adl !== null ? (
        <RadioGroup
          className="passenger-appearing pnl-panel__views"
          orientation="horizontal"
          value={view}
          onChange={(value) => setView(value === 'ADL' ? 'ADL' : 'PNL')}
        >
          <Label className="fb-visually-hidden">{t('passengers.pnl.view')}</Label>
          <Radio value="PNL" className="passenger-appearing__choice">
            {t('passengers.pnl.viewPnl')}
          </Radio>
          <Radio value="ADL" className="passenger-appearing__choice">
            {t('passengers.pnl.viewAdl', { count: pnl.adlChanges })}
          </Radio>
        </RadioGroup>
      ) : null}
      <textarea
        className="pnl-panel__text"
        readOnly
        rows={18}
        spellCheck={false}
        value={text}
        aria-label={view === 'ADL' ? t('passengers.pnl.adlText') : t('passengers.pnl.pnlText')}
      />
      <div className="passenger-dialog__buttons">
        <Button
          variant="secondary"
          onPress={() => {
            void navigator.clipboard
              ?.writeText(text)
              .then(() => notifications.notify({ kind: 'info', message: t('passengers.pnl.copied') }));
          }}
        >
          {t('passengers.pnl.copy')}
        </Button>
        {maySend ? (
          <>
            <Button
              variant="secondary"
              isDisabled={send.isPending}
              isPending={send.isPending && send.variables === 'PNL'}
              onPress={() => send.mutate('PNL')}
            >
              {t('passengers.pnl.sendPnl')}
            </Button>
            <Button
              variant="primary"
              isDisabled={send.isPending || pnl.adl === null || pnl.adlChanges === 0}
              isPending={send.isPending && send.variables === 'ADL'}
              onPress={() => send.mutate('ADL')}
            >
              {t('passengers.pnl.sendAdl')}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The PNL viewer (spec 03 §2): a tab for the own list and one per external agent (most passengers
 * first), each with its Type-B message, the ADL since the last message sent, and — with the PNL
 * role — recording a PNL or ADL as sent (docs/pnl.md).
 */
export function PnlDialog({
  flightId,
  maySend,
  onClose,
}: {
  flightId: number;
  maySend: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const own = useQuery({
    queryKey: [...passengerInfoKey(flightId), 'pnl', 'own'],
    queryFn: ({ signal }) => client.call(passengerCalls.pnl, { params: { flightId } }, { signal }),
  });
  const external = useQuery({
    queryKey: [...passengerInfoKey(flightId), 'pnl', 'external'],
    queryFn: ({ signal }) => client.call(passengerCalls.pnlExternal, { params: { flightId } }, { signal }),
  });

  let body: ReactNode;
  if ((own.isError || external.isError) && !own.isFetching && !external.isFetching) {
    body = (
      <LoadFailure
        error={own.error ?? external.error}
        title={t('passengers.pnl.loadError')}
        onRetry={() => {
          if (own.isError) void own.refetch();
          if (external.isError) void external.refetch();
        }}
      />
    );
  } else if (!own.data || !external.data) {
    body = (
      <p className="passenger-dialog__loading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  } else {
    body = (
      <Tabs className="pnl-tabs">
        <TabList aria-label={t('passengers.pnl.lists')} className="pnl-tabs__list">
          <Tab id="own" className="pnl-tabs__tab">
            {t('passengers.pnl.own', { count: own.data.total })}
          </Tab>
          {external.data.items.map((item) => (
            <Tab key={item.agent.id} id={`agent-${item.agent.id}`} className="pnl-tabs__tab">
              {t('passengers.pnl.agent', { company: item.agent.company, count: item.total })}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="own" className="pnl-tabs__panel">
          <PnlPanel flightId={flightId} pnl={own.data} maySend={maySend} />
        </TabPanel>
        {external.data.items.map((item) => (
          <TabPanel key={item.agent.id} id={`agent-${item.agent.id}`} className="pnl-tabs__panel">
            <PnlPanel flightId={flightId} pnl={item} agentId={item.agent.id} maySend={maySend} />
          </TabPanel>
        ))}
      </Tabs>
    );
  }
  return (
    <Dialog
      title={t('passengers.pnl.title')}
      isOpen
      size="wide"
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      closeLabel={t('common.close')}
    >
      {body}
    </Dialog>
  );
}
