/**
 * The API's route map (issue 37 item 5, decision 0043): each call the site makes, as `METHOD /path/{param}` (the
 * OpenAPI document's spelling), with the zod schemas the server's route declares for it: `query`, `body`, and
 * `response` by status. The site's client (app/lib/api.ts) reads only the types (`import type`), so its calls are
 * typed by the contract and no schema reaches a browser bundle; server/http/api-routes.test.ts checks every entry
 * against the route the server registers.
 */

import { z } from "zod";
import { contactMessageSchema } from "../validation/contact";
import {
  adjustmentAnswer,
  adjustmentBody,
  adjustmentsAnswer,
  adjustmentsQuery,
  adminNoteAnswer,
  adminNoteBody,
  adminPlayerSearchAnswer,
  adminPlayerSearchQuery,
  adminPlayerStatusBody,
  auditAnswer,
  auditQuery,
  documentReviewBody,
  staffChallengeAnswer,
  staffChangeBody,
  staffCreateBody,
  staffDocumentAnswer,
  staffDocumentsAnswer,
  staffDocumentsQuery,
  staffListAnswer,
  staffMeAnswer,
  staffMemberAnswer,
  staffSessionAnswer,
  staffSignInBody,
  staffVerifyBody,
} from "./admin";
import {
  adminBonusAnswer,
  adminBonusChangeBody,
  adminBonusCreateBody,
  adminBonusesAnswer,
} from "./admin-bonuses";
import {
  adminCollectionAnswer,
  adminCollectionChangeBody,
  adminCollectionCreateBody,
  adminCollectionGamesAnswer,
  adminCollectionGamesBody,
  adminCollectionsAnswer,
  adminGameAnswer,
  adminGameChangeBody,
  adminGamesAnswer,
  adminGamesQuery,
  adminProviderAnswer,
  adminProviderChangeBody,
  adminProvidersAnswer,
} from "./admin-catalogue";
import {
  adminContentCreateBody,
  adminContentEntry,
  adminContentEntryAnswer,
  adminContentEntryQuery,
  adminContentListAnswer,
  adminContentRevertBody,
  adminContentSaveBody,
} from "./admin-content";
import {
  campaignAnswer,
  campaignCreateBody,
  campaignsAnswer,
  campaignsQuery,
  segmentPreviewAnswer,
  segmentPreviewQuery,
} from "./admin-messages";
import {
  adminPaymentMethodAnswer,
  adminPaymentMethodsAnswer,
  methodLimitBody,
  withdrawalAnswer,
  withdrawalRejectBody,
  withdrawalsAnswer,
  withdrawalsQuery,
} from "./admin-payments";
import { adminPlayerPageAnswer } from "./admin-player";
import {
  adminBonusCodeAnswer,
  adminBonusCodesAnswer,
  adminBonusCodesQuery,
  adminBonusOptionsAnswer,
  bonusCodeBatchAnswer,
  bonusCodeBulkBody,
  bonusCodeChangeBody,
  bonusCodeCreateBody,
} from "./admin-promotions";
import {
  reportCurrenciesAnswer,
  reportExportQuery,
  reportGamesAnswer,
  reportProvidersAnswer,
  reportQuery,
  reportSportsAnswer,
  reportSummaryAnswer,
} from "./admin-reports";
import {
  adminLoyaltyLevelAnswer,
  adminLoyaltyLevelChangeBody,
  adminLoyaltyLevelsAnswer,
  adminQuestAnswer,
  adminQuestChangeBody,
  adminQuestCreateBody,
  adminQuestsAnswer,
  adminReferralRulesAnswer,
  adminReferralRulesBody,
} from "./admin-retention";
import {
  tradingEventAnswer,
  tradingEventsAnswer,
  tradingEventsQuery,
  tradingSettleAnswer,
  tradingSettleBody,
} from "./admin-trading";
import {
  bonusCodePreviewAnswer,
  bonusCodesAnswer,
  bonusCodesQuery,
  bonusStatusAnswer,
  bonusStatusQuery,
  cashbackAnswer,
  cashbackQuery,
  claimCashbackAnswer,
  claimCashbackBody,
  deleteBonusCodeBody,
  depositBonusesAnswer,
  depositBonusesQuery,
  playerBonusAnswer,
  playerBonusesAnswer,
  playerBonusesQuery,
  playerFreespinAnswer,
  playerFreespinsAnswer,
  redeemBonusCodeAnswer,
  redeemBonusCodeBody,
} from "./bonus";
import { chatConversationAnswer, chatMessageAnswer, chatMessageBody, chatReadAnswer } from "./chat";
import {
  contentPage,
  contentQuery,
  directoriesAnswer,
  directoryAnswer,
  helpContent,
  homeContent,
  question,
  questionList,
} from "./content";
import {
  crashBetAnswer,
  crashBetBody,
  crashFairness,
  crashHistory,
  crashState as crashStateSchema,
  crashVerifiable,
} from "./crash";
import {
  documentsResponse,
  documentUpload,
  playerDocument,
  sumsubAuthResponse,
  verificationResponse,
} from "./documents";
import {
  clearRecentQuery,
  game,
  gameCollection,
  gameDetails,
  gameFeature,
  gameLaunch,
  gameProvider,
  gameSearchQuery,
  gamesQuery,
  playBody,
  playQuery,
  recentSearch,
  spin,
  spinsQuery,
  winner,
} from "./game";
import {
  actionBody,
  blackjackActionBody,
  blackjackStartBody,
  playBody as housePlayBody,
  houseRound,
  houseSession,
  playAnswer,
  revealBody,
  rotateAnswer,
  rotateBody,
  verifiableRound,
} from "./house-games";
import { createLimitBody, limit, limitsResponse, updateLimitBody } from "./limits";
import { loyaltyAccountAnswer, loyaltyLevelsAnswer } from "./loyalty";
import {
  messageIdsBody,
  messagesAnswer,
  messagesQuery,
  notificationChangeAnswer,
  pushesAnswer,
  pushesQuery,
  pushIdsBody,
  pushSubscriptionBody,
  pushSubscriptionDeleteBody,
  pushSubscriptionsAnswer,
  webPushKeyAnswer,
} from "./notification";
import { paged, pagingQuery } from "./paging";
import {
  avatar,
  codeSentResponse,
  emailVerifyConfirmBody,
  fieldValidationsResponse,
  loginBody,
  okResponse,
  otpSendBody,
  otpVerifyBody,
  passwordChangeBody,
  passwordConfirmBody,
  passwordResetBody,
  playerInitResponse,
  playerSession,
  profile,
  profileUpdateBody,
  registerBody,
  registerPhoneBody,
  sessionResponse,
  setAvatarBody,
  tokenLoginBody,
  validationsQuery,
  withdrawalSessionResponse,
} from "./player";
import { activateQuestBody, questAnswer, questsAnswer, questsQuery } from "./quests";
import { realityCheckResponse, setRealityCheckBody } from "./reality-check";
import { realtimeTokenResponse } from "./realtime-token";
import {
  referralOverviewAnswer,
  referralTermsAnswer,
  referralTransferAnswer,
  referralTransferBody,
} from "./referral";
import {
  constantsAnswer,
  countriesAnswer,
  currenciesAnswer,
  currenciesQuery,
  localesAnswer,
} from "./settings";
import { dataOf } from "./shared";
import {
  oidcLinkBody,
  oidcLoginBody,
  socialConnection,
  socialProviders,
  telegramLinkBody,
  telegramLoginBody,
  telegramSyncBody,
  unlinkBody,
} from "./social";
import {
  cashOutBody,
  catalogueSportsAnswer,
  gameBetsQuery,
  placeBetBody,
  sportBet,
  sportBetsQuery,
  sportEvent,
  sportEventsQuery,
  sportInfoAnswer,
  sportInfoQuery,
  sportLocaleQuery,
  sportSearchQuery,
  sportSearchResult,
  sportSummary,
  sportsbookToken,
} from "./sportsbook";
import {
  invoice,
  invoiceBody,
  invoiceStatistics,
  invoicesQuery,
  methodsQuery,
  openAccountBody,
  paymentMethodsResponse,
  walletAccount,
} from "./wallet";

export const apiRoutes = {
  "GET /admin/bonuses": { response: { 200: adminBonusesAnswer } },
  "POST /admin/bonuses": { body: adminBonusCreateBody, response: { 200: adminBonusAnswer } },
  "PATCH /admin/bonuses/{id}": { body: adminBonusChangeBody, response: { 200: adminBonusAnswer } },
  "GET /admin/catalogue/games": { query: adminGamesQuery, response: { 200: adminGamesAnswer } },
  "PATCH /admin/catalogue/games/{id}": { body: adminGameChangeBody, response: { 200: adminGameAnswer } },
  "GET /admin/catalogue/providers": { response: { 200: adminProvidersAnswer } },
  "PATCH /admin/catalogue/providers/{id}": {
    body: adminProviderChangeBody,
    response: { 200: adminProviderAnswer },
  },
  "GET /admin/catalogue/collections": { response: { 200: adminCollectionsAnswer } },
  "POST /admin/catalogue/collections": {
    body: adminCollectionCreateBody,
    response: { 200: adminCollectionAnswer },
  },
  "PATCH /admin/catalogue/collections/{id}": {
    body: adminCollectionChangeBody,
    response: { 200: adminCollectionAnswer },
  },
  "GET /admin/catalogue/collections/{id}/games": { response: { 200: adminCollectionGamesAnswer } },
  "PUT /admin/catalogue/collections/{id}/games": {
    body: adminCollectionGamesBody,
    response: { 200: adminCollectionGamesAnswer },
  },
  "GET /admin/content/{kind}": { response: { 200: adminContentListAnswer } },
  "POST /admin/content/{kind}": { body: adminContentCreateBody, response: { 200: adminContentEntryAnswer } },
  "GET /admin/content/{kind}/entry": {
    query: adminContentEntryQuery,
    response: { 200: adminContentEntryAnswer },
  },
  "PUT /admin/content/{kind}/entry": {
    body: adminContentSaveBody,
    response: { 200: adminContentEntryAnswer },
  },
  "POST /admin/content/{kind}/entry/revert": {
    body: adminContentRevertBody,
    response: { 200: z.object({ data: adminContentEntry.nullable() }) },
  },
  "GET /admin/messages/segment": { query: segmentPreviewQuery, response: { 200: segmentPreviewAnswer } },
  "GET /admin/messages/campaigns": { query: campaignsQuery, response: { 200: campaignsAnswer } },
  "GET /admin/messages/campaigns/{id}": { response: { 200: campaignAnswer } },
  "POST /admin/messages/campaigns": { body: campaignCreateBody, response: { 200: campaignAnswer } },
  "GET /admin/withdrawals": { query: withdrawalsQuery, response: { 200: withdrawalsAnswer } },
  "POST /admin/withdrawals/{id}/approve": { body: z.object({}), response: { 200: withdrawalAnswer } },
  "POST /admin/withdrawals/{id}/reject": { body: withdrawalRejectBody, response: { 200: withdrawalAnswer } },
  "GET /admin/payment-methods": { response: { 200: adminPaymentMethodsAnswer } },
  "PUT /admin/payment-methods/limits": { body: methodLimitBody, response: { 200: adminPaymentMethodAnswer } },
  "GET /admin/promotions/bonuses": { response: { 200: adminBonusOptionsAnswer } },
  "GET /admin/promotions/codes": { query: adminBonusCodesQuery, response: { 200: adminBonusCodesAnswer } },
  "POST /admin/promotions/codes": { body: bonusCodeCreateBody, response: { 200: adminBonusCodeAnswer } },
  "POST /admin/promotions/codes/bulk": { body: bonusCodeBulkBody, response: { 200: bonusCodeBatchAnswer } },
  "PATCH /admin/promotions/codes/{id}": {
    body: bonusCodeChangeBody,
    response: { 200: adminBonusCodeAnswer },
  },
  "GET /admin/reports/summary": { query: reportQuery, response: { 200: reportSummaryAnswer } },
  "GET /admin/reports/currencies": { query: reportQuery, response: { 200: reportCurrenciesAnswer } },
  "GET /admin/reports/games": { query: reportQuery, response: { 200: reportGamesAnswer } },
  "GET /admin/reports/providers": { query: reportQuery, response: { 200: reportProvidersAnswer } },
  "GET /admin/reports/sports": { query: reportQuery, response: { 200: reportSportsAnswer } },
  "GET /admin/reports/export": {
    query: reportExportQuery,
    response: {
      200: z.string().meta({ description: "the table as CSV (text/csv), money as plain decimals" }),
    },
  },
  "GET /admin/retention/quests": { response: { 200: adminQuestsAnswer } },
  "POST /admin/retention/quests": { body: adminQuestCreateBody, response: { 200: adminQuestAnswer } },
  "PATCH /admin/retention/quests/{id}": { body: adminQuestChangeBody, response: { 200: adminQuestAnswer } },
  "GET /admin/retention/loyalty/levels": { response: { 200: adminLoyaltyLevelsAnswer } },
  "PATCH /admin/retention/loyalty/levels/{id}": {
    body: adminLoyaltyLevelChangeBody,
    response: { 200: adminLoyaltyLevelAnswer },
  },
  "GET /admin/retention/referral": { response: { 200: adminReferralRulesAnswer } },
  "PUT /admin/retention/referral": {
    body: adminReferralRulesBody,
    response: { 200: adminReferralRulesAnswer },
  },
  "GET /admin/trading/events": { query: tradingEventsQuery, response: { 200: tradingEventsAnswer } },
  "GET /admin/trading/events/{eventId}": { response: { 200: tradingEventAnswer } },
  "POST /admin/session": { body: staffSignInBody, response: { 200: staffChallengeAnswer } },
  "POST /admin/session/verify": { body: staffVerifyBody, response: { 200: staffSessionAnswer } },
  "DELETE /admin/session": { response: { 200: z.object({}) } },
  "GET /admin/me": { response: { 200: staffMeAnswer } },
  "GET /admin/staff": { response: { 200: staffListAnswer } },
  "POST /admin/staff": { body: staffCreateBody, response: { 200: staffMemberAnswer } },
  "PATCH /admin/staff/{id}": { body: staffChangeBody, response: { 200: staffMemberAnswer } },
  "GET /admin/players": { query: adminPlayerSearchQuery, response: { 200: adminPlayerSearchAnswer } },
  "GET /admin/players/{id}": { response: { 200: adminPlayerPageAnswer } },
  "POST /admin/players/{id}/status": { body: adminPlayerStatusBody, response: { 200: z.object({}) } },
  "POST /admin/players/{id}/logout": { body: z.object({}), response: { 200: z.object({}) } },
  "POST /admin/players/{id}/notes": { body: adminNoteBody, response: { 200: adminNoteAnswer } },
  "GET /admin/adjustments": { query: adjustmentsQuery, response: { 200: adjustmentsAnswer } },
  "POST /admin/adjustments": { body: adjustmentBody, response: { 200: adjustmentAnswer } },
  "GET /admin/documents": { query: staffDocumentsQuery, response: { 200: staffDocumentsAnswer } },
  "POST /admin/documents/{id}/review": { body: documentReviewBody, response: { 200: staffDocumentAnswer } },
  "GET /admin/audit": { query: auditQuery, response: { 200: auditAnswer } },
  "GET /game/player-bonuses": { query: playerBonusesQuery, response: { 200: playerBonusesAnswer } },
  "PUT /game/player-bonuses/{id}/activate": {
    body: z.object({}).passthrough().optional(),
    response: { 200: playerBonusAnswer },
  },
  "PUT /game/player-bonuses/{id}/cancel": {
    body: z.object({}).passthrough().optional(),
    response: { 200: playerBonusAnswer },
  },
  "GET /game/player-freespins": { query: playerBonusesQuery, response: { 200: playerFreespinsAnswer } },
  "PUT /game/player-freespins/{id}/activate": {
    body: z.object({}).passthrough().optional(),
    response: { 200: playerFreespinAnswer },
  },
  "PUT /game/player-freespins/{id}/cancel": {
    body: z.object({}).passthrough().optional(),
    response: { 200: playerFreespinAnswer },
  },
  "GET /game/bonuses": { query: depositBonusesQuery, response: { 200: depositBonusesAnswer } },
  "GET /game/bonuses/status": { query: bonusStatusQuery, response: { 200: bonusStatusAnswer } },
  "GET /game/bonuses/bonuscodes": { query: bonusCodesQuery, response: { 200: bonusCodesAnswer } },
  "POST /game/bonuses/bonuscodes": { body: redeemBonusCodeBody, response: { 200: redeemBonusCodeAnswer } },
  "POST /game/bonuses/bonuscodes/preview": {
    body: redeemBonusCodeBody,
    response: { 200: bonusCodePreviewAnswer },
  },
  "DELETE /game/bonuses/bonuscodes": { body: deleteBonusCodeBody, response: { 200: z.object({}) } },
  "GET /game/bonuses/cashback": { query: cashbackQuery, response: { 200: cashbackAnswer } },
  "POST /game/bonuses/cashback": { body: claimCashbackBody, response: { 200: claimCashbackAnswer } },
  "GET /chat/conversation": { response: { 200: chatConversationAnswer } },
  "POST /chat/messages": { body: chatMessageBody, response: { 201: chatMessageAnswer }, multipart: true },
  "POST /chat/read": { body: z.object({}).passthrough().optional(), response: { 200: chatReadAnswer } },
  "GET /content/directories": { query: contentQuery, response: { 200: directoriesAnswer } },
  "GET /content/directories/{directory}": { query: contentQuery, response: { 200: directoryAnswer } },
  "GET /content/pages/{*}": { query: contentQuery, response: { 200: contentPage } },
  "GET /content/questions": { query: contentQuery, response: { 200: questionList } },
  "GET /content/questions/{identity}": { query: contentQuery, response: { 200: question } },
  "GET /content/home": { query: contentQuery, response: { 200: homeContent } },
  "GET /content/help": { query: contentQuery, response: { 200: helpContent } },
  "GET /player/verification": { response: { 200: verificationResponse } },
  "POST /player/services/sumsub/auth": { body: z.object({}), response: { 200: sumsubAuthResponse } },
  "GET /player/documents": { response: { 200: documentsResponse } },
  "POST /player/documents": {
    body: documentUpload,
    response: { 201: dataOf(playerDocument) },
    multipart: true,
  },
  "DELETE /player/documents/{id}": { response: { 200: z.object({ deleted: z.literal(true) }) } },
  "GET /game/collections": { response: { 200: dataOf(z.array(gameCollection)) } },
  "GET /game/providers": { response: { 200: dataOf(z.array(gameProvider)) } },
  "GET /game/providers/{id}": { response: { 200: dataOf(gameProvider) } },
  "GET /game/games": { query: gamesQuery, response: { 200: paged(game) } },
  "GET /game/games/features": { response: { 200: dataOf(z.array(gameFeature)) } },
  "GET /game/games/search": { query: gameSearchQuery, response: { 200: dataOf(z.array(game)) } },
  "GET /game/games/favorites": { response: { 200: dataOf(z.array(game)) } },
  "GET /game/games/played": { response: { 200: dataOf(z.array(game)) } },
  "GET /game/games/{id}": { response: { 200: dataOf(gameDetails) } },
  "POST /game/games/{id}/play": { query: playQuery, body: playBody, response: { 200: dataOf(gameLaunch) } },
  "POST /game/games/{id}/favorite": {
    body: z.object({}),
    response: { 200: dataOf(z.object({ gameId: z.string(), isFavorite: z.boolean() })) },
  },
  "DELETE /game/games/{id}/favorite": {
    response: { 200: dataOf(z.object({ gameId: z.string(), isFavorite: z.boolean() })) },
  },
  "GET /game/search/recent": { response: { 200: dataOf(z.array(recentSearch)) } },
  "DELETE /game/search/recent": { query: clearRecentQuery, response: { 200: dataOf(z.array(recentSearch)) } },
  "GET /game/spins": { query: spinsQuery, response: { 200: paged(spin) } },
  "GET /game/spins/winners": { response: { 200: dataOf(z.array(winner)) } },
  "GET /player/reality-check": { response: { 200: realityCheckResponse } },
  "PUT /player/reality-check": { body: setRealityCheckBody, response: { 200: realityCheckResponse } },
  "GET /player/limits": { response: { 200: limitsResponse } },
  "POST /player/limits": { body: createLimitBody, response: { 201: dataOf(limit) } },
  "PUT /player/limits/{id}": { body: updateLimitBody, response: { 200: dataOf(limit) } },
  "DELETE /player/limits/{id}": {
    body: z.object({}).passthrough().optional(),
    response: { 200: dataOf(limit) },
  },
  "GET /retention/levels": { response: { 200: loyaltyLevelsAnswer } },
  "GET /retention/account": { response: { 200: loyaltyAccountAnswer } },
  "GET /notification/messenger/messages": { query: messagesQuery, response: { 200: messagesAnswer } },
  "POST /notification/messenger/messages/read": {
    body: messageIdsBody,
    response: { 200: notificationChangeAnswer },
  },
  "POST /notification/messenger/messages/read/all": {
    body: z.object({}).passthrough().optional(),
    response: { 200: notificationChangeAnswer },
  },
  "DELETE /notification/messenger/messages": {
    body: messageIdsBody,
    response: { 200: notificationChangeAnswer },
  },
  "GET /notification/pushes": { query: pushesQuery, response: { 200: pushesAnswer } },
  "POST /notification/pushes/read": { body: pushIdsBody, response: { 200: notificationChangeAnswer } },
  "POST /notification/pushes/read/all": {
    body: z.object({}).passthrough().optional(),
    response: { 200: notificationChangeAnswer },
  },
  "GET /notification/web-push/key": { response: { 200: webPushKeyAnswer } },
  "POST /notification/web-push/subscriptions": {
    body: pushSubscriptionBody,
    response: { 200: pushSubscriptionsAnswer },
  },
  "DELETE /notification/web-push/subscriptions": {
    body: pushSubscriptionDeleteBody,
    response: { 200: pushSubscriptionsAnswer },
  },
  "GET /notification/web-push/subscriptions": { response: { 200: pushSubscriptionsAnswer } },
  "POST /notification/communications": {
    body: contactMessageSchema(),
    response: { 201: z.object({ id: z.number().int(), createdAt: z.string() }) },
  },
  "GET /payment/invoices": { query: invoicesQuery, response: { 200: paged(invoice) } },
  "GET /payment/invoices/statistics": { response: { 200: dataOf(invoiceStatistics) } },
  "PUT /payment/invoices/{id}/decline": { body: z.object({}), response: { 200: dataOf(invoice) } },
  "PUT /player/passwords": { body: passwordChangeBody, response: { 200: okResponse } },
  "POST /player/otp/email/send": { body: z.object({}), response: { 200: codeSentResponse } },
  "POST /player/passwords/reset": { body: passwordResetBody, response: { 200: okResponse } },
  "POST /player/passwords/confirm": { body: passwordConfirmBody, response: { 200: okResponse } },
  "GET /player/profile": { response: { 200: profile } },
  "PUT /player/profile": { body: profileUpdateBody, response: { 200: profile } },
  "POST /player/otp/send": { body: otpSendBody, response: { 200: codeSentResponse } },
  "POST /player/otp/verify": { body: otpVerifyBody, response: { 200: profile } },
  "POST /player/profile/email/verify/confirm": {
    body: emailVerifyConfirmBody,
    response: { 200: okResponse },
  },
  "GET /player/fields/validations": { query: validationsQuery, response: { 200: fieldValidationsResponse } },
  "GET /player/avatar/list": { response: { 200: z.array(avatar) } },
  "POST /player/avatar/set-avatar": { body: setAvatarBody, response: { 200: profile } },
  "POST /player/register": { body: registerBody, response: { 201: sessionResponse } },
  "POST /player/register/phone": {
    body: registerPhoneBody,
    response: { 200: codeSentResponse, 201: sessionResponse },
  },
  "POST /player/restricted-withdrawal/session": {
    body: loginBody,
    response: { 200: withdrawalSessionResponse },
  },
  "POST /player/sessions/refresh": { body: z.object({}), response: { 200: sessionResponse } },
  "POST /player/sessions/logout": { body: z.object({}), response: { 200: okResponse } },
  "POST /player/sessions/realtime-token": { body: z.object({}), response: { 200: realtimeTokenResponse } },
  "GET /player/sessions": {
    query: pagingQuery({ perPage: 20, maxPerPage: 100 }),
    response: { 200: paged(playerSession) },
  },
  "PUT /player/sessions/{id}/close": { body: z.object({}), response: { 200: okResponse } },
  "POST /player/sessions/close-other": { body: z.object({}), response: { 200: okResponse } },
  "GET /player/init": { response: { 200: playerInitResponse } },
  "GET /retention/quests": { query: questsQuery, response: { 200: questsAnswer } },
  "PUT /retention/quests/{id}/activate": { body: activateQuestBody, response: { 200: questAnswer } },
  "PUT /retention/quests/{id}/cancel": {
    body: z.object({}).passthrough().optional(),
    response: { 200: questAnswer },
  },
  "GET /referral/terms": { response: { 200: referralTermsAnswer } },
  "GET /referral": { response: { 200: referralOverviewAnswer } },
  "POST /referral/transfer": { body: referralTransferBody, response: { 200: referralTransferAnswer } },
  "GET /settings/currencies": { query: currenciesQuery, response: { 200: currenciesAnswer } },
  "GET /settings/countries": { response: { 200: countriesAnswer } },
  "GET /settings/locales": { response: { 200: localesAnswer } },
  "GET /settings/constants": { response: { 200: constantsAnswer } },
  "GET /player/social-providers": { response: { 200: socialProviders } },
  "PUT /tg-bot/users": { body: telegramSyncBody, response: { 200: dataOf(profile) } },
  "GET /player/social-connections": { response: { 200: dataOf(z.array(socialConnection)) } },
  "POST /player/social-connections/telegram": {
    body: telegramLinkBody,
    response: { 200: dataOf(z.array(socialConnection)) },
  },
  "POST /player/social-connections/unlink": {
    body: unlinkBody,
    response: { 200: dataOf(z.array(socialConnection)) },
  },
  "POST /player/social-connections/{provider}": {
    body: oidcLinkBody,
    response: { 200: dataOf(z.array(socialConnection)) },
  },
  "GET /sport/sports": { query: sportLocaleQuery, response: { 200: catalogueSportsAnswer } },
  "GET /sport/info": { query: sportInfoQuery, response: { 200: sportInfoAnswer } },
  "GET /sportsbook/events": { query: sportEventsQuery, response: { 200: dataOf(z.array(sportEvent)) } },
  "GET /sportsbook/events/{id}": {
    query: z.object({ locale: z.string().max(10).optional() }),
    response: { 200: dataOf(sportEvent) },
  },
  "GET /sportsbook/sports": {
    query: z.object({ locale: z.string().max(10).optional() }),
    response: { 200: dataOf(z.array(sportSummary)) },
  },
  "GET /game/sport/search": { query: sportSearchQuery, response: { 200: dataOf(sportSearchResult) } },
  "POST /sportsbook/bets": { body: placeBetBody, response: { 200: dataOf(sportBet) } },
  "GET /sportsbook/bets": { query: sportBetsQuery, response: { 200: paged(sportBet) } },
  "GET /sportsbook/bets/{id}": { response: { 200: dataOf(sportBet) } },
  "POST /sportsbook/bets/{id}/cash-out": { body: cashOutBody, response: { 200: dataOf(sportBet) } },
  "GET /game/bets": { query: gameBetsQuery, response: { 200: paged(sportBet) } },
  "POST /game/games/sportsbook/play": {
    body: z.object({}).passthrough(),
    response: { 200: dataOf(sportsbookToken) },
  },
  "GET /wallet/accounts": { response: { 200: dataOf(z.array(walletAccount)) } },
  "POST /wallet/accounts": { body: openAccountBody, response: { 201: dataOf(walletAccount) } },
  "PUT /wallet/accounts/{id}/switch": { body: z.object({}), response: { 200: dataOf(walletAccount) } },
  "PUT /wallet/accounts/{id}/hide": { body: z.object({}), response: { 200: dataOf(walletAccount) } },
  "GET /house/sessions/{token}/crash": { response: { 200: dataOf(crashStateSchema) } },
  "POST /house/sessions/{token}/crash/bet": { body: crashBetBody, response: { 200: dataOf(crashBetAnswer) } },
  "POST /house/sessions/{token}/crash/cashout": {
    body: z.object({}),
    response: { 200: dataOf(crashBetAnswer) },
  },
  "GET /house/sessions/{token}/crash/history": { response: { 200: dataOf(crashHistory) } },
  "GET /house/crash/fairness": { response: { 200: dataOf(crashFairness) } },
  "GET /house/crash/rounds/{id}": { response: { 200: dataOf(crashVerifiable) } },
  "GET /house/sessions/{token}": { response: { 200: dataOf(houseSession) } },
  "POST /house/sessions/{token}/play": { body: housePlayBody, response: { 200: dataOf(playAnswer) } },
  "POST /house/sessions/{token}/mines/start": { body: housePlayBody, response: { 200: dataOf(playAnswer) } },
  "POST /house/sessions/{token}/mines/reveal": { body: revealBody, response: { 200: dataOf(playAnswer) } },
  "POST /house/sessions/{token}/mines/cashout": { body: z.object({}), response: { 200: dataOf(playAnswer) } },
  "POST /house/sessions/{token}/hilo/start": { body: housePlayBody, response: { 200: dataOf(playAnswer) } },
  "POST /house/sessions/{token}/hilo/action": { body: actionBody, response: { 200: dataOf(playAnswer) } },
  "POST /house/sessions/{token}/videopoker/start": {
    body: housePlayBody,
    response: { 200: dataOf(playAnswer) },
  },
  "POST /house/sessions/{token}/videopoker/action": {
    body: actionBody,
    response: { 200: dataOf(playAnswer) },
  },
  "POST /house/sessions/{token}/blackjack/start": {
    body: blackjackStartBody,
    response: { 200: dataOf(playAnswer) },
  },
  "POST /house/sessions/{token}/blackjack/action": {
    body: blackjackActionBody,
    response: { 200: dataOf(playAnswer) },
  },
  "POST /house/sessions/{token}/seeds/rotate": { body: rotateBody, response: { 200: dataOf(rotateAnswer) } },
  "GET /house/sessions/{token}/rounds": { response: { 200: dataOf(z.array(houseRound)) } },
  "GET /house/sessions/{token}/rounds/{id}": { response: { 200: dataOf(verifiableRound) } },
  "POST /admin/trading/events/{eventId}/suspend": {
    body: z.object({}),
    response: { 200: tradingEventAnswer },
  },
  "POST /admin/trading/events/{eventId}/resume": {
    body: z.object({}),
    response: { 200: tradingEventAnswer },
  },
  "POST /admin/trading/events/{eventId}/markets/{marketId}/suspend": {
    body: z.object({}),
    response: { 200: tradingEventAnswer },
  },
  "POST /admin/trading/events/{eventId}/markets/{marketId}/resume": {
    body: z.object({}),
    response: { 200: tradingEventAnswer },
  },
  "POST /admin/trading/events/{eventId}/markets/{marketId}/settle": {
    body: tradingSettleBody,
    response: { 200: tradingSettleAnswer },
  },
  "POST /admin/trading/events/{eventId}/markets/{marketId}/resettle": {
    body: tradingSettleBody,
    response: { 200: tradingSettleAnswer },
  },
  "POST /admin/adjustments/{id}/approve": { body: z.object({}), response: { 200: adjustmentAnswer } },
  "POST /admin/adjustments/{id}/reject": { body: z.object({}), response: { 200: adjustmentAnswer } },
  "GET /payment/methods/deposit": { query: methodsQuery, response: { 200: paymentMethodsResponse } },
  "GET /payment/methods/withdrawal": { query: methodsQuery, response: { 200: paymentMethodsResponse } },
  "POST /payment/invoices/deposit": { body: invoiceBody, response: { 201: dataOf(invoice) } },
  "POST /payment/invoices/withdrawal": { body: invoiceBody, response: { 201: dataOf(invoice) } },
  "POST /player/sessions": { body: loginBody, response: { 200: sessionResponse } },
  "POST /player/sessions/token": { body: tokenLoginBody, response: { 200: sessionResponse } },
  "POST /player/tg_login": { body: telegramLoginBody, response: { 200: sessionResponse } },
  "POST /player/sessions/social": { body: oidcLoginBody, response: { 200: sessionResponse } },
  "POST /player/profile/email/verify/send": { body: z.object({}), response: { 200: okResponse } },
  "POST /player/profile/confirmations/email/resend": { body: z.object({}), response: { 200: okResponse } },
} satisfies Record<`${ApiMethod} /${string}`, ApiRoute>;

/** One call of the map: the schemas of its query, body and answers (by status) as the server declares them. */
export interface ApiRoute {
  query?: z.ZodType;
  body?: z.ZodType;
  response?: Partial<Record<number, z.ZodType>>;
  /** The body may go as `FormData` (a file upload). */
  multipart?: true;
}

export type ApiRoutes = typeof apiRoutes;
export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** `/a/{id}/b` → `/a/${string}/b`: the concrete paths a template stands for. */
type Concrete<P extends string> = P extends `${infer A}{${string}}${infer B}`
  ? `${A}${string}${Concrete<B>}`
  : P;
type KeyOf<M extends ApiMethod> = Extract<keyof ApiRoutes, `${M} /${string}`>;
type PathOfKey<K> = K extends `${ApiMethod} ${infer P}` ? Concrete<P> : never;

/**
 * Every path a method may be called with: the map's paths with each `{param}` as any text, and optionally a query
 * string already written (`?…`), as the calls that build their own bracket-style query do.
 */
export type ApiPath<M extends ApiMethod> = PathOfKey<KeyOf<M>> | `${PathOfKey<KeyOf<M>>}?${string}`;
/** A path without the query string it may carry. */
type Bare<P extends string> = P extends `${infer A}?${string}` ? A : P;

type Candidates<M extends ApiMethod, P extends string> = {
  [K in KeyOf<M>]: P extends PathOfKey<K> ? K : never;
}[KeyOf<M>];
/** True when some other candidate is narrower than `K` (`/game/games/search` beats `/game/games/{id}`). */
type HasNarrower<C, K> = C extends K ? never : PathOfKey<C> extends PathOfKey<K> ? true : never;
type Narrowest<C> = { [K in C & string]: [HasNarrower<C, K>] extends [never] ? K : never }[C & string];

/** The map's entry a concrete path is answered by: the narrowest template it fits. */
export type ApiRouteOf<M extends ApiMethod, P extends string> = ApiRoutes[Narrowest<Candidates<M, Bare<P>>> &
  keyof ApiRoutes];

type Field<R, F extends string> = R extends { [k in F]: infer S extends z.ZodType } ? S : never;
/** The query a call sends (the schema's input). */
export type ApiQuery<R> = [Field<R, "query">] extends [never] ? never : z.input<Field<R, "query">>;
/** The body a call sends (the schema's input); a multipart call may send `FormData`. */
export type ApiBody<R> =
  | ([Field<R, "body">] extends [never] ? undefined : z.input<Field<R, "body">>)
  | (R extends { multipart: true } ? FormData : never);
/** What a call answers: any of its success statuses' bodies (the schemas' output). */
export type ApiResponse<R> = R extends { response: infer S }
  ? { [C in keyof S]: S[C] extends z.ZodType ? z.output<S[C]> : never }[keyof S]
  : undefined;
