// One person's way of playing each game through the page: every step clicks cards and
// buttons the table offers (never sends JSON itself).
import { press, selectCards, visible } from "./helpers.mjs";

const legal = (page) => page.evaluate(() => window.parlor.update?.view.legal ?? {});

export const steps = {
  async perico(page) {
    if (await visible(page, '[data-action="draw"]')) return press(page, '[data-action="draw"]');
    if ((await page.locator('[data-action="discard"]').count()) > 0) {
      await selectCards(page, 1, ["JK"]);
      return press(page, '[data-action="discard"]');
    }
    await selectCards(page, 1, ["JK"]);
    return press(page, '[data-action="take"]');
  },

  async loc(page) {
    await selectCards(page, 1);
    const action = (await page.locator('[data-action="discard"]').count()) > 0 ? "discard" : "play";
    return press(page, `[data-action="${action}"]`);
  },

  async pedro(page) {
    const l = await legal(page);
    if (l.pass) return press(page, '[data-action="pass"]');
    if (l.bid) return press(page, '[data-action="bid"] >> nth=0');
    if (l.trump) return press(page, '[data-action="trump"] >> nth=0');
    if (l.rob) {
      const cards = page.locator(".chooser button.card");
      for (let i = 0; i < l.rob.choose; i++) await cards.nth(i).click();
      return press(page, '[data-action="rob"]');
    }
    if (l.discard) {
      await selectCards(page, l.discard.count);
      return press(page, '[data-action="discard"]');
    }
    await selectCards(page, 1);
    if (l.dump) await selectCards(page, 1 + l.dump.count);
    return press(page, '[data-action="play"]');
  },

  async carioca(page) {
    const l = await legal(page);
    if (l.cut) return press(page, '[data-action="cut"]');
    if (l.draw) return press(page, '[data-action="draw"]');
    if ("decline" in l) return press(page, '[data-action="decline"]');
    await selectCards(page, 1, l.forbidden_discard ? [l.forbidden_discard] : []);
    return press(page, '[data-action="discard"]');
  },

  async poker(page) {
    const l = await legal(page);
    if (l.draw) {
      if (l.draw.must_discard_joker) await page.locator('[data-testid="hand"] button.card[data-card="JK"]').first().click();
      return press(page, '[data-action="draw"]');
    }
    if (l.bet) return press(page, '[data-action="bet"]');
    if (l.check) return press(page, '[data-action="check"]');
    if (l.call !== null && l.call !== undefined) return press(page, '[data-action="call"]');
    return press(page, '[data-action="fold"]');
  },
};
