/**
 * The student's account, in the shapes Ellucian publishes (each shape's source beside it): the
 * balance Banner's `account-detail-reviews` holds (1,250.50) equals the charges (3,000.00) minus the
 * payments (1,749.50), so either read gives the same summary.
 */
import { ID, extra } from './fixture-ids.js';

/** The Banner ID `account-detail-reviews` is read by (`?id=`): the student's `bannerId` credential. */
export const BANNER_ID = '900123456';

/**
 * Banner's Business Process APIs read by `?id=<Banner ID>` rather than by GUID or `criteria`, each
 * answer as a list, per Banner ID.
 *
 * `account-detail-reviews` v1.0.0:
 * - read by `searchParams: { id: bannerId }`, the Banner ID from `persons.credentials[type=bannerId]`:
 *   ellucian-developer/experience-ethos-examples, account-details/microservice/src/data/account-detail-reviews.js
 * - the answer a list whose first entry holds `TBRACCD` (transactions: `tranNumber`, `desc`,
 *   `transDate`, `chargeAmount`, `paymentAmount`) and `TBRACCD_CTRL` (`accountBalance`,
 *   `amountDue`): the same repository, account-details/extension/src/cards/AccountDetails.jsx
 *   (`const [results] = data; ({ TBRACCD: transactions, TBRACCD_CTRL: summarys } = results)`)
 * - the fields of each (`termCode`, `detailCode`, `effectiveDate`, `balance`; `memoBalance`,
 *   `authAidBalance`, `nsfCount`), spelt `tbraccd`/`tbraccd_ctrl` by the generated SDK:
 *   ellucian-developer/integration-sdk-csharp-objects,
 *   Ellucian.Generated.BpApi.Ban/AccountDetailReviews100GetResponse.cs; the `id` query parameter:
 *   Ellucian.Generated.BpApi.Ban/AccountDetailReviews100GetRequest.cs
 */
export function businessProcessFixtures(): Record<string, Record<string, object[]>> {
  return {
    'account-detail-reviews': {
      [BANNER_ID]: [
        {
          TBRACCD: [
            {
              tranNumber: 1,
              termCode: '202610',
              detailCode: 'TUIF',
              desc: 'Tuition Fall 2026',
              chargeAmount: 3000,
              balance: 1250.5,
              effectiveDate: '2026-09-01T00:00:00Z',
              transDate: '2026-09-01T00:00:00Z',
              srceCode: 'R',
            },
            {
              tranNumber: 2,
              termCode: '202610',
              detailCode: 'CASH',
              desc: 'Payment, thank you',
              paymentAmount: 1749.5,
              balance: 0,
              effectiveDate: '2026-09-15T00:00:00Z',
              transDate: '2026-09-15T00:00:00Z',
              srceCode: 'C',
            },
          ],
          TBRACCD_CTRL: [
            {
              accountBalance: 1250.5,
              amountDue: 1250.5,
              memoBalance: 0,
              authAidBalance: 0,
              nsfCount: 0,
            },
          ],
        },
      ],
    },
  };
}

/** The charges and payments, read by `criteria={"student":{"id":…}}` where the review is refused. */
export function financeFixtures() {
  return {
    // student-charges v16.0.0: `student` (a criteria filter), `academicPeriod`, `chargeableOn`,
    // `chargedAmount.amount {value, currency}`:
    // ellucian-developer/integration-sdk-csharp-objects, Ellucian.Generated.Eedm/StudentCharges_V16_0_0.cs
    // and Ellucian.Generated.Eedm/DtoProperties/ChargedAmountDtoProperty.cs, AmountDtoProperty.cs.
    'student-charges': [
      {
        id: 'ch000000-0000-4000-8000-000000000001',
        student: { id: ID.student },
        academicPeriod: { id: ID.fall },
        chargeableOn: '2026-09-01',
        chargedAmount: { amount: { value: 3000, currency: 'USD' } },
        overrideDescription: 'Tuition Fall 2026',
        ...extra,
      },
    ],
    // student-payments v16.0.0: `student` (a criteria filter), `paymentType` (a string enum:
    // `cash`, `deposit`, `sponsor`, `payroll`), `paidOn`, `amount {value, currency}`:
    // ellucian-developer/integration-sdk-csharp-objects, Ellucian.Generated.Eedm/StudentPayments_V16_0_0.cs
    // and Ellucian.Generated.Eedm/EnumProperties/StudentPaymentTypes2.cs.
    'student-payments': [
      {
        id: 'pa000000-0000-4000-8000-000000000001',
        student: { id: ID.student },
        academicPeriod: { id: ID.fall },
        paymentType: 'cash',
        paidOn: '2026-09-15',
        amount: { value: 1749.5, currency: 'USD' },
        ...extra,
      },
    ],
  };
}
