import { useState } from 'react';
import { MEMBERSHIP_PLAN_INFO, MEMBERSHIP_PLANS, membershipBenefits, type MembershipPlan } from '../../api/contract/values';
import { selectFlags } from '../../api/configApi';
import { isApiError } from '../../api/apiError';
import { useChangeMembershipMutation, useGetMembershipQuery } from '../../api/profileApi';
import { useAppSelector } from '../../store/hooks';
import { AlertIcon, Badge, Button, Card, CheckCircleIcon, ErrorState, formatCents, Modal, Notice, Spinner, Stack } from '../../ui';
import { ProfilePageFrame } from './ProfileNav';

const priceLabel = (plan: MembershipPlan) => {
  const cents = MEMBERSHIP_PLAN_INFO[plan].monthlyPriceCents;
  return cents === 0 ? 'Free' : `${formatCents(cents)} a month`;
};

const isUpgrade = (from: MembershipPlan, to: MembershipPlan) => MEMBERSHIP_PLANS.indexOf(to) > MEMBERSHIP_PLANS.indexOf(from);

/**
 * /settings/v2/membership (and /settings/membership): the customer's plan and what each plan includes, the
 * IRA and brokerage matches from the universal configuration's flags; changing plans asks for confirmation.
 */
export default function MembershipPage() {
  const query = useGetMembershipQuery(undefined, { refetchOnMountOrArgChange: true });
  const [changePlan, change] = useChangeMembershipMutation();
  const flags = useAppSelector(selectFlags);
  const [target, setTarget] = useState<MembershipPlan | null>(null);
  const [changed, setChanged] = useState<MembershipPlan | null>(null);
  const [changeError, setChangeError] = useState<string | null>(null);
  const current = query.data?.plan ?? null;

  const confirm = async () => {
    if (!target) return;
    setChangeError(null);
    try {
      await changePlan(target).unwrap();
      setChanged(target);
      setTarget(null);
    } catch (error) {
      setChangeError(isApiError(error) && error.message ? error.message : 'We could not change your plan. Please try again.');
    }
  };

  let body;
  if (query.isLoading) {
    body = <Spinner label="Loading your membership" />;
  } else if (query.isError || !current) {
    body = <ErrorState title="We couldn't load your membership" body="Please try again." onRetry={() => void query.refetch()} />;
  } else {
    body = (
      <Stack gap={4}>
        {changed && changed === current ? (
          <Notice tone="success" icon={<CheckCircleIcon size={20} />} live="polite">
            You are on {MEMBERSHIP_PLAN_INFO[changed].name} now.
          </Notice>
        ) : null}
        <p>
          Your plan: <strong>{MEMBERSHIP_PLAN_INFO[current].name}</strong>
        </p>
        <div className="ff-profile-plans">
          {MEMBERSHIP_PLANS.map((plan) => {
            const info = MEMBERSHIP_PLAN_INFO[plan];
            const mine = plan === current;
            return (
              <Card
                key={plan}
                title={info.name}
                headingLevel={2}
                className={mine ? 'ff-profile-plan--current' : undefined}
                actions={mine ? <Badge tone="success">Current plan</Badge> : null}
              >
                <Stack gap={3}>
                  <p className="ff-profile-plan__price">{priceLabel(plan)}</p>
                  <p className="ff-profile-muted">{info.tagline}</p>
                  <ul className="ff-profile-plan__benefits" aria-label={`${info.name} includes`}>
                    {membershipBenefits(plan, flags).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                  {mine ? null : (
                    <Button
                      variant={isUpgrade(current, plan) ? 'primary' : 'secondary'}
                      onClick={() => {
                        setChangeError(null);
                        setTarget(plan);
                      }}
                    >
                      {isUpgrade(current, plan) ? `Upgrade to ${info.name}` : `Switch to ${info.name}`}
                    </Button>
                  )}
                </Stack>
              </Card>
            );
          })}
        </div>
        <p className="ff-profile-muted">
          Matches are paid in cash to the account that received the money and may change. Plan changes take effect at once.
        </p>
      </Stack>
    );
  }

  const upgrading = target && current ? isUpgrade(current, target) : false;
  return (
    <ProfilePageFrame title="Membership" titleId="ff-membership-title">
      {body}
      <Modal
        open={target !== null}
        title={
          target ? (upgrading ? `Upgrade to ${MEMBERSHIP_PLAN_INFO[target].name}?` : `Switch to ${MEMBERSHIP_PLAN_INFO[target].name}?`) : ''
        }
        onClose={() => setTarget(null)}
        footer={
          <div className="ff-profile-actions">
            <Button variant="secondary" onClick={() => setTarget(null)}>
              Cancel
            </Button>
            <Button loading={change.isLoading} onClick={() => void confirm()}>
              {upgrading ? 'Confirm upgrade' : 'Confirm switch'}
            </Button>
          </div>
        }
      >
        {target && current ? (
          <Stack gap={3}>
            {changeError ? (
              <Notice tone="danger" icon={<AlertIcon size={20} />} live="assertive">
                {changeError}
              </Notice>
            ) : null}
            <p>
              {upgrading
                ? `${MEMBERSHIP_PLAN_INFO[target].name} costs ${priceLabel(target).toLowerCase()}, starting today. You can switch back at any time.`
                : `You will lose what only ${MEMBERSHIP_PLAN_INFO[current].name} includes, starting today.`}
            </p>
            <ul className="ff-profile-plan__benefits">
              {membershipBenefits(upgrading ? target : current, flags)
                .filter((line) => !membershipBenefits(upgrading ? current : target, flags).includes(line))
                .map((line) => (
                  <li key={line}>{line}</li>
                ))}
            </ul>
          </Stack>
        ) : null}
      </Modal>
    </ProfilePageFrame>
  );
}
