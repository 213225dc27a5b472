/**
 * The API's route map (issue 37 item 5, decision 0043): each call the site makes, as `METHOD /path/{param}` (the
 * OpenAPI document's spelling), with the zod schemas the server's route declares for it: `query`, `body`, and
 * `response` by status. The site's client (app/lib/api.ts) reads only the types (`import type`), so its calls are
 * typed by the contract and no schema reaches a browser bundle; server/http/api-routes.test.ts checks every entry
 * against the route the server registers.
 */

import { z } from "zod";
import { contactMessageSchema } from "../validation/contact";
import * as admin from "./admin";
import * as adminBonuses from "./admin-bonuses";
import * as adminCatalogue from "./admin-catalogue";
import * as adminContent from "./admin-content";
import * as adminMessages from "./admin-messages";
import * as adminPayments from "./admin-payments";
import * as adminPlayer from "./admin-player";
import * as adminPromotions from "./admin-promotions";
import * as adminReports from "./admin-reports";
import * as adminRetention from "./admin-retention";
import * as adminSupport from "./admin-support";
import * as adminTrading from "./admin-trading";
import * as bonus from "./bonus";
import * as chat from "./chat";
import * as content from "./content";
import * as crash from "./crash";
import * as documents from "./documents";
import * as game from "./game";
import * as houseGames from "./house-games";
import * as limits from "./limits";
import * as loyalty from "./loyalty";
import * as notification from "./notification";
import * as paging from "./paging";
import * as player from "./player";
import * as quests from "./quests";
import * as realityCheck from "./reality-check";
import * as realtimeToken from "./realtime-token";
import * as referral from "./referral";
import * as settings from "./settings";
import * as shared from "./shared";
import * as social from "./social";
import * as sportsbook from "./sportsbook";
import * as wallet from "./wallet";

export const apiRoutes = {
  "GET /admin/bonuses": { response: { 200: adminBonuses.adminBonusesAnswer } },
  "POST /admin/bonuses": {
    body: adminBonuses.adminBonusCreateBody,
    response: { 200: adminBonuses.adminBonusAnswer },
  },
  "PATCH /admin/bonuses/{id}": {
    body: adminBonuses.adminBonusChangeBody,
    response: { 200: adminBonuses.adminBonusAnswer },
  },
  "GET /admin/catalogue/games": {
    query: adminCatalogue.adminGamesQuery,
    response: { 200: adminCatalogue.adminGamesAnswer },
  },
  "PATCH /admin/catalogue/games/{id}": {
    body: adminCatalogue.adminGameChangeBody,
    response: { 200: adminCatalogue.adminGameAnswer },
  },
  "GET /admin/catalogue/providers": { response: { 200: adminCatalogue.adminProvidersAnswer } },
  "PATCH /admin/catalogue/providers/{id}": {
    body: adminCatalogue.adminProviderChangeBody,
    response: { 200: adminCatalogue.adminProviderAnswer },
  },
  "GET /admin/catalogue/collections": { response: { 200: adminCatalogue.adminCollectionsAnswer } },
  "POST /admin/catalogue/collections": {
    body: adminCatalogue.adminCollectionCreateBody,
    response: { 200: adminCatalogue.adminCollectionAnswer },
  },
  "PATCH /admin/catalogue/collections/{id}": {
    body: adminCatalogue.adminCollectionChangeBody,
    response: { 200: adminCatalogue.adminCollectionAnswer },
  },
  "GET /admin/catalogue/collections/{id}/games": {
    response: { 200: adminCatalogue.adminCollectionGamesAnswer },
  },
  "PUT /admin/catalogue/collections/{id}/games": {
    body: adminCatalogue.adminCollectionGamesBody,
    response: { 200: adminCatalogue.adminCollectionGamesAnswer },
  },
  "GET /admin/content/{kind}": { response: { 200: adminContent.adminContentListAnswer } },
  "POST /admin/content/{kind}": {
    body: adminContent.adminContentCreateBody,
    response: { 200: adminContent.adminContentEntryAnswer },
  },
  "GET /admin/content/{kind}/entry": {
    query: adminContent.adminContentEntryQuery,
    response: { 200: adminContent.adminContentEntryAnswer },
  },
  "PUT /admin/content/{kind}/entry": {
    body: adminContent.adminContentSaveBody,
    response: { 200: adminContent.adminContentEntryAnswer },
  },
  "POST /admin/content/{kind}/entry/revert": {
    body: adminContent.adminContentRevertBody,
    response: { 200: z.object({ data: adminContent.adminContentEntry.nullable() }) },
  },
  "GET /admin/messages/segment": {
    query: adminMessages.segmentPreviewQuery,
    response: { 200: adminMessages.segmentPreviewAnswer },
  },
  "GET /admin/messages/campaigns": {
    query: adminMessages.campaignsQuery,
    response: { 200: adminMessages.campaignsAnswer },
  },
  "GET /admin/messages/campaigns/{id}": { response: { 200: adminMessages.campaignAnswer } },
  "POST /admin/messages/campaigns": {
    body: adminMessages.campaignCreateBody,
    response: { 200: adminMessages.campaignAnswer },
  },
  "GET /admin/withdrawals": {
    query: adminPayments.withdrawalsQuery,
    response: { 200: adminPayments.withdrawalsAnswer },
  },
  "POST /admin/withdrawals/{id}/approve": {
    body: z.object({}),
    response: { 200: adminPayments.withdrawalAnswer },
  },
  "POST /admin/withdrawals/{id}/reject": {
    body: adminPayments.withdrawalRejectBody,
    response: { 200: adminPayments.withdrawalAnswer },
  },
  "GET /admin/payment-methods": { response: { 200: adminPayments.adminPaymentMethodsAnswer } },
  "PUT /admin/payment-methods/limits": {
    body: adminPayments.methodLimitBody,
    response: { 200: adminPayments.adminPaymentMethodAnswer },
  },
  "GET /admin/promotions/bonuses": { response: { 200: adminPromotions.adminBonusOptionsAnswer } },
  "GET /admin/promotions/codes": {
    query: adminPromotions.adminBonusCodesQuery,
    response: { 200: adminPromotions.adminBonusCodesAnswer },
  },
  "POST /admin/promotions/codes": {
    body: adminPromotions.bonusCodeCreateBody,
    response: { 200: adminPromotions.adminBonusCodeAnswer },
  },
  "POST /admin/promotions/codes/bulk": {
    body: adminPromotions.bonusCodeBulkBody,
    response: { 200: adminPromotions.bonusCodeBatchAnswer },
  },
  "PATCH /admin/promotions/codes/{id}": {
    body: adminPromotions.bonusCodeChangeBody,
    response: { 200: adminPromotions.adminBonusCodeAnswer },
  },
  "GET /admin/reports/summary": {
    query: adminReports.reportQuery,
    response: { 200: adminReports.reportSummaryAnswer },
  },
  "GET /admin/reports/currencies": {
    query: adminReports.reportQuery,
    response: { 200: adminReports.reportCurrenciesAnswer },
  },
  "GET /admin/reports/games": {
    query: adminReports.reportQuery,
    response: { 200: adminReports.reportGamesAnswer },
  },
  "GET /admin/reports/providers": {
    query: adminReports.reportQuery,
    response: { 200: adminReports.reportProvidersAnswer },
  },
  "GET /admin/reports/sports": {
    query: adminReports.reportQuery,
    response: { 200: adminReports.reportSportsAnswer },
  },
  "GET /admin/reports/export": {
    query: adminReports.reportExportQuery,
    response: {
      200: z.string().meta({ description: "the table as CSV (text/csv), money as plain decimals" }),
    },
  },
  "GET /admin/retention/quests": { response: { 200: adminRetention.adminQuestsAnswer } },
  "POST /admin/retention/quests": {
    body: adminRetention.adminQuestCreateBody,
    response: { 200: adminRetention.adminQuestAnswer },
  },
  "PATCH /admin/retention/quests/{id}": {
    body: adminRetention.adminQuestChangeBody,
    response: { 200: adminRetention.adminQuestAnswer },
  },
  "GET /admin/retention/loyalty/levels": { response: { 200: adminRetention.adminLoyaltyLevelsAnswer } },
  "PATCH /admin/retention/loyalty/levels/{id}": {
    body: adminRetention.adminLoyaltyLevelChangeBody,
    response: { 200: adminRetention.adminLoyaltyLevelAnswer },
  },
  "GET /admin/retention/referral": { response: { 200: adminRetention.adminReferralRulesAnswer } },
  "PUT /admin/retention/referral": {
    body: adminRetention.adminReferralRulesBody,
    response: { 200: adminRetention.adminReferralRulesAnswer },
  },
  "GET /admin/support/live": { response: { 200: adminSupport.supportLiveAnswer } },
  "GET /admin/support/chats": {
    query: adminSupport.supportChatsQuery,
    response: { 200: adminSupport.supportChatsAnswer },
  },
  "GET /admin/support/chats/{id}": { response: { 200: adminSupport.supportChatAnswer } },
  "POST /admin/support/chats/{id}/read": {
    body: z.object({}),
    response: { 200: adminSupport.supportChatChange },
  },
  "POST /admin/support/chats/{id}/assign": {
    body: adminSupport.supportAssignBody,
    response: { 200: adminSupport.supportChatChange },
  },
  "POST /admin/support/chats/{id}/messages": {
    body: adminSupport.supportReplyBody,
    response: { 200: adminSupport.supportReplyAnswer },
    multipart: true,
  },
  "POST /admin/support/chats/{id}/close": {
    body: z.object({}),
    response: { 200: adminSupport.supportChatChange },
  },
  "GET /admin/support/contact": {
    query: adminSupport.contactMessagesQuery,
    response: { 200: adminSupport.contactMessagesAnswer },
  },
  "GET /admin/support/contact/{id}": { response: { 200: adminSupport.contactMessageAnswer } },
  "POST /admin/support/contact/{id}/reply": {
    body: adminSupport.contactReplyBody,
    response: { 200: adminSupport.contactMessageAnswer },
  },
  "POST /admin/support/contact/{id}/done": {
    body: adminSupport.contactDoneBody,
    response: { 200: adminSupport.contactMessageAnswer },
  },
  "GET /admin/support/canned": { response: { 200: adminSupport.cannedAnswersAnswer } },
  "POST /admin/support/canned": {
    body: adminSupport.cannedAnswerBody,
    response: { 200: adminSupport.cannedAnswerAnswer },
  },
  "PATCH /admin/support/canned/{id}": {
    body: adminSupport.cannedAnswerChange,
    response: { 200: adminSupport.cannedAnswerAnswer },
  },
  "GET /admin/support/hours": { response: { 200: adminSupport.supportHoursAnswer } },
  "PUT /admin/support/hours": {
    body: adminSupport.supportHours,
    response: { 200: adminSupport.supportHoursAnswer },
  },
  "GET /settings/support-hours": { response: { 200: adminSupport.supportHoursAnswer } },
  "GET /admin/trading/events": {
    query: adminTrading.tradingEventsQuery,
    response: { 200: adminTrading.tradingEventsAnswer },
  },
  "GET /admin/trading/events/{eventId}": { response: { 200: adminTrading.tradingEventAnswer } },
  "GET /admin/trading/shortfalls": {
    query: adminTrading.sportShortfallsQuery,
    response: { 200: adminTrading.sportShortfallsAnswer },
  },
  "POST /admin/session": { body: admin.staffSignInBody, response: { 200: admin.staffChallengeAnswer } },
  "POST /admin/session/verify": { body: admin.staffVerifyBody, response: { 200: admin.staffSessionAnswer } },
  "DELETE /admin/session": { response: { 200: z.object({}) } },
  "GET /admin/me": { response: { 200: admin.staffMeAnswer } },
  "GET /admin/staff": { response: { 200: admin.staffListAnswer } },
  "POST /admin/staff": { body: admin.staffCreateBody, response: { 200: admin.staffMemberAnswer } },
  "PATCH /admin/staff/{id}": { body: admin.staffChangeBody, response: { 200: admin.staffMemberAnswer } },
  "GET /admin/players": {
    query: admin.adminPlayerSearchQuery,
    response: { 200: admin.adminPlayerSearchAnswer },
  },
  "GET /admin/players/{id}": { response: { 200: adminPlayer.adminPlayerPageAnswer } },
  "POST /admin/players/{id}/status": { body: admin.adminPlayerStatusBody, response: { 200: z.object({}) } },
  "POST /admin/players/{id}/excluded-person-matches/{matchId}/clear": {
    body: adminPlayer.adminClearMatchBody,
    response: { 200: z.object({}) },
  },
  "POST /admin/players/{id}/logout": { body: z.object({}), response: { 200: z.object({}) } },
  "POST /admin/players/{id}/notes": { body: admin.adminNoteBody, response: { 200: admin.adminNoteAnswer } },
  "GET /admin/adjustments": { query: admin.adjustmentsQuery, response: { 200: admin.adjustmentsAnswer } },
  "POST /admin/adjustments": { body: admin.adjustmentBody, response: { 200: admin.adjustmentAnswer } },
  "GET /admin/documents": { query: admin.staffDocumentsQuery, response: { 200: admin.staffDocumentsAnswer } },
  "POST /admin/documents/{id}/review": {
    body: admin.documentReviewBody,
    response: { 200: admin.staffDocumentAnswer },
  },
  "GET /admin/audit": { query: admin.auditQuery, response: { 200: admin.auditAnswer } },
  "GET /game/player-bonuses": {
    query: bonus.playerBonusesQuery,
    response: { 200: bonus.playerBonusesAnswer },
  },
  "PUT /game/player-bonuses/{id}/activate": {
    body: z.object({}).passthrough().optional(),
    response: { 200: bonus.playerBonusAnswer },
  },
  "PUT /game/player-bonuses/{id}/cancel": {
    body: z.object({}).passthrough().optional(),
    response: { 200: bonus.playerBonusAnswer },
  },
  "GET /game/player-freespins": {
    query: bonus.playerBonusesQuery,
    response: { 200: bonus.playerFreespinsAnswer },
  },
  "PUT /game/player-freespins/{id}/activate": {
    body: z.object({}).passthrough().optional(),
    response: { 200: bonus.playerFreespinAnswer },
  },
  "PUT /game/player-freespins/{id}/cancel": {
    body: z.object({}).passthrough().optional(),
    response: { 200: bonus.playerFreespinAnswer },
  },
  "GET /game/bonuses": { query: bonus.depositBonusesQuery, response: { 200: bonus.depositBonusesAnswer } },
  "GET /game/bonuses/status": { query: bonus.bonusStatusQuery, response: { 200: bonus.bonusStatusAnswer } },
  "GET /game/bonuses/bonuscodes": { query: bonus.bonusCodesQuery, response: { 200: bonus.bonusCodesAnswer } },
  "POST /game/bonuses/bonuscodes": {
    body: bonus.redeemBonusCodeBody,
    response: { 200: bonus.redeemBonusCodeAnswer },
  },
  "POST /game/bonuses/bonuscodes/preview": {
    body: bonus.redeemBonusCodeBody,
    response: { 200: bonus.bonusCodePreviewAnswer },
  },
  "DELETE /game/bonuses/bonuscodes": { body: bonus.deleteBonusCodeBody, response: { 200: z.object({}) } },
  "GET /game/bonuses/cashback": { query: bonus.cashbackQuery, response: { 200: bonus.cashbackAnswer } },
  "POST /game/bonuses/cashback": {
    body: bonus.claimCashbackBody,
    response: { 200: bonus.claimCashbackAnswer },
  },
  "GET /chat/conversation": { response: { 200: chat.chatConversationAnswer } },
  "POST /chat/messages": {
    body: chat.chatMessageBody,
    response: { 201: chat.chatMessageAnswer },
    multipart: true,
  },
  "POST /chat/read": { body: z.object({}).passthrough().optional(), response: { 200: chat.chatReadAnswer } },
  "GET /content/directories": { query: content.contentQuery, response: { 200: content.directoriesAnswer } },
  "GET /content/directories/{directory}": {
    query: content.contentQuery,
    response: { 200: content.directoryAnswer },
  },
  "GET /content/pages/{*}": { query: content.contentQuery, response: { 200: content.contentPage } },
  "GET /content/questions": { query: content.contentQuery, response: { 200: content.questionList } },
  "GET /content/questions/{identity}": { query: content.contentQuery, response: { 200: content.question } },
  "GET /content/home": { query: content.contentQuery, response: { 200: content.homeContent } },
  "GET /content/help": { query: content.contentQuery, response: { 200: content.helpContent } },
  "GET /player/verification": { response: { 200: documents.verificationResponse } },
  "POST /player/services/sumsub/auth": {
    body: z.object({}),
    response: { 200: documents.sumsubAuthResponse },
  },
  "GET /player/documents": { response: { 200: documents.documentsResponse } },
  "POST /player/documents": {
    body: documents.documentUpload,
    response: { 201: shared.dataOf(documents.playerDocument) },
    multipart: true,
  },
  "DELETE /player/documents/{id}": { response: { 200: z.object({ deleted: z.literal(true) }) } },
  "GET /game/collections": { response: { 200: shared.dataOf(z.array(game.gameCollection)) } },
  "GET /game/providers": { response: { 200: shared.dataOf(z.array(game.gameProvider)) } },
  "GET /game/providers/{id}": { response: { 200: shared.dataOf(game.gameProvider) } },
  "GET /game/games": { query: game.gamesQuery, response: { 200: paging.paged(game.game) } },
  "GET /game/games/features": { response: { 200: shared.dataOf(z.array(game.gameFeature)) } },
  "GET /game/games/search": {
    query: game.gameSearchQuery,
    response: { 200: shared.dataOf(z.array(game.game)) },
  },
  "GET /game/games/favorites": { response: { 200: shared.dataOf(z.array(game.game)) } },
  "GET /game/games/played": { response: { 200: shared.dataOf(z.array(game.game)) } },
  "GET /game/games/{id}": { response: { 200: shared.dataOf(game.gameDetails) } },
  "POST /game/games/{id}/play": {
    query: game.playQuery,
    body: game.playBody,
    response: { 200: shared.dataOf(game.gameLaunch) },
  },
  "POST /game/games/{id}/favorite": {
    body: z.object({}),
    response: { 200: shared.dataOf(z.object({ gameId: z.string(), isFavorite: z.boolean() })) },
  },
  "DELETE /game/games/{id}/favorite": {
    response: { 200: shared.dataOf(z.object({ gameId: z.string(), isFavorite: z.boolean() })) },
  },
  "GET /game/search/recent": { response: { 200: shared.dataOf(z.array(game.recentSearch)) } },
  "DELETE /game/search/recent": {
    query: game.clearRecentQuery,
    response: { 200: shared.dataOf(z.array(game.recentSearch)) },
  },
  "GET /game/spins": { query: game.spinsQuery, response: { 200: paging.paged(game.spin) } },
  "GET /game/spins/winners": { response: { 200: shared.dataOf(z.array(game.winner)) } },
  "GET /player/reality-check": { response: { 200: realityCheck.realityCheckResponse } },
  "PUT /player/reality-check": {
    body: realityCheck.setRealityCheckBody,
    response: { 200: realityCheck.realityCheckResponse },
  },
  "GET /player/limits": { response: { 200: limits.limitsResponse } },
  "POST /player/limits": { body: limits.createLimitBody, response: { 201: shared.dataOf(limits.limit) } },
  "PUT /player/limits/{id}": { body: limits.updateLimitBody, response: { 200: shared.dataOf(limits.limit) } },
  "DELETE /player/limits/{id}": {
    body: z.object({}).passthrough().optional(),
    response: { 200: shared.dataOf(limits.limit) },
  },
  "GET /retention/levels": { response: { 200: loyalty.loyaltyLevelsAnswer } },
  "GET /retention/account": { response: { 200: loyalty.loyaltyAccountAnswer } },
  "GET /notification/messenger/messages": {
    query: notification.messagesQuery,
    response: { 200: notification.messagesAnswer },
  },
  "POST /notification/messenger/messages/read": {
    body: notification.messageIdsBody,
    response: { 200: notification.notificationChangeAnswer },
  },
  "POST /notification/messenger/messages/read/all": {
    body: z.object({}).passthrough().optional(),
    response: { 200: notification.notificationChangeAnswer },
  },
  "DELETE /notification/messenger/messages": {
    body: notification.messageIdsBody,
    response: { 200: notification.notificationChangeAnswer },
  },
  "GET /notification/pushes": {
    query: notification.pushesQuery,
    response: { 200: notification.pushesAnswer },
  },
  "POST /notification/pushes/read": {
    body: notification.pushIdsBody,
    response: { 200: notification.notificationChangeAnswer },
  },
  "POST /notification/pushes/read/all": {
    body: z.object({}).passthrough().optional(),
    response: { 200: notification.notificationChangeAnswer },
  },
  "GET /notification/web-push/key": { response: { 200: notification.webPushKeyAnswer } },
  "POST /notification/web-push/subscriptions": {
    body: notification.pushSubscriptionBody,
    response: { 200: notification.pushSubscriptionsAnswer },
  },
  "DELETE /notification/web-push/subscriptions": {
    body: notification.pushSubscriptionDeleteBody,
    response: { 200: notification.pushSubscriptionsAnswer },
  },
  "GET /notification/web-push/subscriptions": { response: { 200: notification.pushSubscriptionsAnswer } },
  "POST /notification/communications": {
    body: contactMessageSchema(),
    response: { 201: z.object({ id: z.number().int(), createdAt: z.string() }) },
  },
  "GET /payment/invoices": { query: wallet.invoicesQuery, response: { 200: paging.paged(wallet.invoice) } },
  "GET /payment/invoices/statistics": { response: { 200: shared.dataOf(wallet.invoiceStatistics) } },
  "PUT /payment/invoices/{id}/decline": {
    body: z.object({}),
    response: { 200: shared.dataOf(wallet.invoice) },
  },
  "PUT /player/passwords": { body: player.passwordChangeBody, response: { 200: player.okResponse } },
  "POST /player/otp/email/send": { body: z.object({}), response: { 200: player.codeSentResponse } },
  "POST /player/passwords/reset": {
    body: player.passwordResetBody,
    response: { 200: player.passwordResetResponse },
  },
  "POST /player/passwords/confirm": {
    body: player.passwordConfirmBody,
    response: { 200: player.okResponse },
  },
  "GET /player/profile": { response: { 200: player.profile } },
  "PUT /player/profile": { body: player.profileUpdateBody, response: { 200: player.profile } },
  "POST /player/otp/send": { body: player.otpSendBody, response: { 200: player.codeSentResponse } },
  "POST /player/otp/verify": { body: player.otpVerifyBody, response: { 200: player.profile } },
  "POST /player/profile/email/verify/confirm": {
    body: player.emailVerifyConfirmBody,
    response: { 200: player.okResponse },
  },
  "GET /player/fields/validations": {
    query: player.validationsQuery,
    response: { 200: player.fieldValidationsResponse },
  },
  "GET /player/avatar/list": { response: { 200: z.array(player.avatar) } },
  "POST /player/avatar/set-avatar": { body: player.setAvatarBody, response: { 200: player.profile } },
  "POST /player/register": { body: player.registerBody, response: { 201: player.sessionResponse } },
  "POST /player/register/phone": {
    body: player.registerPhoneBody,
    response: { 200: player.codeSentResponse, 201: player.sessionResponse },
  },
  "POST /player/restricted-withdrawal/session": {
    body: player.loginBody,
    response: { 200: player.withdrawalSessionResponse },
  },
  "POST /player/sessions/refresh": { body: z.object({}), response: { 200: player.sessionResponse } },
  "POST /player/sessions/logout": { body: z.object({}), response: { 200: player.okResponse } },
  "POST /player/sessions/realtime-token": {
    body: z.object({}),
    response: { 200: realtimeToken.realtimeTokenResponse },
  },
  "GET /player/sessions": {
    query: paging.pagingQuery({ perPage: 20, maxPerPage: 100 }),
    response: { 200: paging.paged(player.playerSession) },
  },
  "PUT /player/sessions/{id}/close": { body: z.object({}), response: { 200: player.okResponse } },
  "POST /player/sessions/close-other": { body: z.object({}), response: { 200: player.okResponse } },
  "GET /player/init": { response: { 200: player.playerInitResponse } },
  "GET /retention/quests": { query: quests.questsQuery, response: { 200: quests.questsAnswer } },
  "PUT /retention/quests/{id}/activate": {
    body: quests.activateQuestBody,
    response: { 200: quests.questAnswer },
  },
  "PUT /retention/quests/{id}/cancel": {
    body: z.object({}).passthrough().optional(),
    response: { 200: quests.questAnswer },
  },
  "GET /referral/terms": { response: { 200: referral.referralTermsAnswer } },
  "GET /referral": { response: { 200: referral.referralOverviewAnswer } },
  "POST /referral/transfer": {
    body: referral.referralTransferBody,
    response: { 200: referral.referralTransferAnswer },
  },
  "GET /settings/currencies": {
    query: settings.currenciesQuery,
    response: { 200: settings.currenciesAnswer },
  },
  "GET /settings/countries": { response: { 200: settings.countriesAnswer } },
  "GET /settings/locales": { response: { 200: settings.localesAnswer } },
  "GET /settings/constants": { response: { 200: settings.constantsAnswer } },
  "GET /player/social-providers": { response: { 200: social.socialProviders } },
  "PUT /tg-bot/users": { body: social.telegramSyncBody, response: { 200: shared.dataOf(player.profile) } },
  "GET /player/social-connections": { response: { 200: shared.dataOf(z.array(social.socialConnection)) } },
  "POST /player/social-connections/telegram": {
    body: social.telegramLinkBody,
    response: { 200: shared.dataOf(z.array(social.socialConnection)) },
  },
  "POST /player/social-connections/unlink": {
    body: social.unlinkBody,
    response: { 200: shared.dataOf(z.array(social.socialConnection)) },
  },
  "POST /player/social-connections/{provider}": {
    body: social.oidcLinkBody,
    response: { 200: shared.dataOf(z.array(social.socialConnection)) },
  },
  "GET /sport/sports": {
    query: sportsbook.sportLocaleQuery,
    response: { 200: sportsbook.catalogueSportsAnswer },
  },
  "GET /sport/info": { query: sportsbook.sportInfoQuery, response: { 200: sportsbook.sportInfoAnswer } },
  "GET /sportsbook/events": {
    query: sportsbook.sportEventsQuery,
    response: { 200: shared.dataOf(z.array(sportsbook.sportEvent)) },
  },
  "GET /sportsbook/events/{id}": {
    query: z.object({ locale: z.string().max(10).optional() }),
    response: { 200: shared.dataOf(sportsbook.sportEvent) },
  },
  "GET /sportsbook/sports": {
    query: z.object({ locale: z.string().max(10).optional() }),
    response: { 200: shared.dataOf(z.array(sportsbook.sportSummary)) },
  },
  "GET /sportsbook/first-screen": {
    query: z.object({ locale: z.string().max(10).optional() }),
    response: { 200: shared.dataOf(sportsbook.sportsbookFirstScreen) },
  },
  "GET /game/sport/search": {
    query: sportsbook.sportSearchQuery,
    response: { 200: shared.dataOf(sportsbook.sportSearchResult) },
  },
  "POST /sportsbook/bets": {
    body: sportsbook.placeBetBody,
    response: { 200: shared.dataOf(sportsbook.sportBet) },
  },
  "GET /sportsbook/bets": {
    query: sportsbook.sportBetsQuery,
    response: { 200: paging.paged(sportsbook.sportBet) },
  },
  "GET /sportsbook/bets/{id}": { response: { 200: shared.dataOf(sportsbook.sportBet) } },
  "POST /sportsbook/bets/{id}/cash-out": {
    body: sportsbook.cashOutBody,
    response: { 200: shared.dataOf(sportsbook.sportBet) },
  },
  "GET /game/bets": { query: sportsbook.gameBetsQuery, response: { 200: paging.paged(sportsbook.sportBet) } },
  "POST /game/games/sportsbook/play": {
    body: z.object({}).passthrough(),
    response: { 200: shared.dataOf(sportsbook.sportsbookToken) },
  },
  "GET /wallet/accounts": { response: { 200: shared.dataOf(z.array(wallet.walletAccount)) } },
  "POST /wallet/accounts": {
    body: wallet.openAccountBody,
    response: { 201: shared.dataOf(wallet.walletAccount) },
  },
  "PUT /wallet/accounts/{id}/switch": {
    body: z.object({}),
    response: { 200: shared.dataOf(wallet.walletAccount) },
  },
  "PUT /wallet/accounts/{id}/hide": {
    body: z.object({}),
    response: { 200: shared.dataOf(wallet.walletAccount) },
  },
  "GET /house/sessions/{token}/crash": { response: { 200: shared.dataOf(crash.crashState) } },
  "POST /house/sessions/{token}/crash/bet": {
    body: crash.crashBetBody,
    response: { 200: shared.dataOf(crash.crashBetAnswer) },
  },
  "POST /house/sessions/{token}/crash/cashout": {
    body: z.object({}),
    response: { 200: shared.dataOf(crash.crashBetAnswer) },
  },
  "GET /house/sessions/{token}/crash/history": { response: { 200: shared.dataOf(crash.crashHistory) } },
  "GET /house/crash/fairness": { response: { 200: shared.dataOf(crash.crashFairness) } },
  "GET /house/crash/rounds/{id}": { response: { 200: shared.dataOf(crash.crashVerifiable) } },
  "GET /house/sessions/{token}": { response: { 200: shared.dataOf(houseGames.houseSession) } },
  "POST /house/sessions/{token}/play": {
    body: houseGames.playBody,
    response: { 200: shared.dataOf(houseGames.playAnswer) },
  },
  "POST /house/sessions/{token}/mines/start": {
    body: houseGames.playBody,
    response: { 200: shared.dataOf(houseGames.playAnswer) },
  },
  "POST /house/sessions/{token}/mines/reveal": {
    body: houseGames.revealBody,
    response: { 200: shared.dataOf(houseGames.playAnswer) },
  },
  "POST /house/sessions/{token}/mines/cashout": {
    body: z.object({}),
    response: { 200: shared.dataOf(houseGames.playAnswer) },
  },
  "POST /house/sessions/{token}/hilo/start": {
    body: houseGames.playBody,
    response: { 200: shared.dataOf(houseGames.playAnswer) },
  },
  "POST /house/sessions/{token}/hilo/action": {
    body: houseGames.actionBody,
    response: { 200: shared.dataOf(houseGames.playAnswer) },
  },
  "POST /house/sessions/{token}/videopoker/start": {
    body: houseGames.playBody,
    response: { 200: shared.dataOf(houseGames.playAnswer) },
  },
  "POST /house/sessions/{token}/videopoker/action": {
    body: houseGames.actionBody,
    response: { 200: shared.dataOf(houseGames.playAnswer) },
  },
  "POST /house/sessions/{token}/blackjack/start": {
    body: houseGames.blackjackStartBody,
    response: { 200: shared.dataOf(houseGames.playAnswer) },
  },
  "POST /house/sessions/{token}/blackjack/action": {
    body: houseGames.blackjackActionBody,
    response: { 200: shared.dataOf(houseGames.playAnswer) },
  },
  "POST /house/sessions/{token}/seeds/rotate": {
    body: houseGames.rotateBody,
    response: { 200: shared.dataOf(houseGames.rotateAnswer) },
  },
  "GET /house/sessions/{token}/rounds": { response: { 200: shared.dataOf(z.array(houseGames.houseRound)) } },
  "GET /house/sessions/{token}/rounds/{id}": { response: { 200: shared.dataOf(houseGames.verifiableRound) } },
  "POST /admin/trading/events/{eventId}/suspend": {
    body: z.object({}),
    response: { 200: adminTrading.tradingEventAnswer },
  },
  "POST /admin/trading/events/{eventId}/resume": {
    body: z.object({}),
    response: { 200: adminTrading.tradingEventAnswer },
  },
  "POST /admin/trading/events/{eventId}/markets/{marketId}/suspend": {
    body: z.object({}),
    response: { 200: adminTrading.tradingEventAnswer },
  },
  "POST /admin/trading/events/{eventId}/markets/{marketId}/resume": {
    body: z.object({}),
    response: { 200: adminTrading.tradingEventAnswer },
  },
  "POST /admin/trading/events/{eventId}/markets/{marketId}/settle": {
    body: adminTrading.tradingSettleBody,
    response: { 200: adminTrading.tradingSettleAnswer },
  },
  "POST /admin/trading/events/{eventId}/markets/{marketId}/resettle": {
    body: adminTrading.tradingSettleBody,
    response: { 200: adminTrading.tradingSettleAnswer },
  },
  "POST /admin/trading/shortfalls/{id}/collect": {
    body: z.object({}),
    response: { 200: adminTrading.sportShortfallAnswer },
  },
  "POST /admin/trading/shortfalls/{id}/write-off": {
    body: adminTrading.sportShortfallWriteOffBody,
    response: { 200: adminTrading.sportShortfallAnswer },
  },
  "POST /admin/adjustments/{id}/approve": { body: z.object({}), response: { 200: admin.adjustmentAnswer } },
  "POST /admin/adjustments/{id}/reject": { body: z.object({}), response: { 200: admin.adjustmentAnswer } },
  "GET /payment/methods/deposit": {
    query: wallet.methodsQuery,
    response: { 200: wallet.paymentMethodsResponse },
  },
  "GET /payment/methods/withdrawal": {
    query: wallet.methodsQuery,
    response: { 200: wallet.paymentMethodsResponse },
  },
  "POST /payment/invoices/deposit": {
    body: wallet.invoiceBody,
    response: { 201: shared.dataOf(wallet.invoice) },
  },
  "POST /payment/invoices/withdrawal": {
    body: wallet.invoiceBody,
    response: { 201: shared.dataOf(wallet.invoice) },
  },
  "POST /player/sessions": { body: player.loginBody, response: { 200: player.sessionResponse } },
  "POST /player/sessions/token": { body: player.tokenLoginBody, response: { 200: player.sessionResponse } },
  "POST /player/sessions/phone/code": {
    body: player.phoneLoginCodeBody,
    response: { 200: player.codeSentResponse },
  },
  "POST /player/sessions/phone": { body: player.phoneLoginBody, response: { 200: player.sessionResponse } },
  "POST /player/tg_login": { body: social.telegramLoginBody, response: { 200: player.sessionResponse } },
  "POST /player/sessions/social": { body: social.oidcLoginBody, response: { 200: player.sessionResponse } },
  "POST /player/profile/email/verify/send": { body: z.object({}), response: { 200: player.okResponse } },
  "POST /player/profile/confirmations/email/resend": {
    body: z.object({}),
    response: { 200: player.okResponse },
  },
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
