import { describe, expect, it } from 'vitest';
import { hindiWords, indianWords, rupeesInWords } from '../orders/invoice';
import { codeText, deliveryWindow, renderMessage, type MessagePayload } from './notify-text';

const order: MessagePayload = { shop: 'Annapurna Fresh', ordernumber: 'AF-000123', name: 'Asha' };
const hindi: MessagePayload = { ...order, locale: 'hi' };

describe('the one-time code', () => {
  it('comes first, in English', () => {
    expect(codeText('en', '042917', 'Annapurna Fresh', 'login')).toBe('042917 is your Annapurna Fresh sign-in code. It is valid for 10 minutes. Do not share it with anyone.');
    expect(codeText('en', '042917', 'Annapurna Fresh', 'register')).toBe('042917 is your Annapurna Fresh sign-in code. It is valid for 10 minutes. Do not share it with anyone.');
    expect(codeText('en', '042917', 'Annapurna Fresh', 'contact')).toBe('042917 is your Annapurna Fresh verification code. It is valid for 10 minutes. Do not share it with anyone.');
  });

  it('comes first, in Hindi, the code and the shop as they are', () => {
    expect(codeText('hi', '042917', 'Annapurna Fresh', 'login')).toBe('042917 आपका Annapurna Fresh साइन-इन OTP है। यह 10 मिनट तक मान्य है। इसे किसी के साथ साझा न करें।');
    expect(codeText('hi', '042917', 'Annapurna Fresh', 'contact')).toBe('042917 आपका Annapurna Fresh वेरिफ़िकेशन OTP है। यह 10 मिनट तक मान्य है। इसे किसी के साथ साझा न करें।');
  });
});

describe('the delivery window of a message', () => {
  it('reads as before in English', () => {
    expect(deliveryWindow('en', '2026-11-26', '7:00 AM', '11:00 AM')).toBe('on Nov 26, 2026, 7:00 AM – 11:00 AM');
    expect(deliveryWindow('en', '2026-11-26', '7:00 AM', null)).toBe('on Nov 26, 2026, 7:00 AM');
    expect(deliveryWindow('en', '2026-11-26', null, null)).toBe('on Nov 26, 2026');
    expect(deliveryWindow('en', null, '7:00 AM', '11:00 AM')).toBeNull();
  });

  it('has Hindi months and parts of the day in Hindi', () => {
    expect(deliveryWindow('hi', '2026-11-26', '7:00 AM', '11:00 AM')).toBe('26 नवम्बर 2026 को, सुबह 7:00 – सुबह 11:00 के बीच');
    expect(deliveryWindow('hi', '2026-11-26', '6:00 PM', '9:30 PM')).toBe('26 नवम्बर 2026 को, शाम 6:00 – रात 9:30 के बीच');
    expect(deliveryWindow('hi', '2026-11-26', '12:00 PM', null)).toBe('26 नवम्बर 2026 को, दोपहर 12:00');
    expect(deliveryWindow('hi', '2026-11-26', null, null)).toBe('26 नवम्बर 2026 को');
  });
});

describe("an order's messages", () => {
  it('read as before in English, and a message without a language is English', () => {
    const window = 'on Nov 26, 2026, 7:00 AM – 11:00 AM';
    expect(renderMessage('order_confirmed', { ...order, window })).toEqual({
      subject: 'Order AF-000123 confirmed',
      text: 'Hello Asha, Annapurna Fresh has confirmed your order AF-000123. It will be delivered on Nov 26, 2026, 7:00 AM – 11:00 AM.',
    });
    expect(renderMessage('order_confirmed', { ...order, locale: 'en' }).text).toBe('Hello Asha, Annapurna Fresh has confirmed your order AF-000123.');
    expect(renderMessage('order_out_for_delivery', { ...order, rider: 'Ravi', rider_phone: '9876500002', due_paise: 45_050 })).toEqual({
      subject: 'Order AF-000123 is on its way',
      text: 'Hello Asha, your order AF-000123 from Annapurna Fresh is out for delivery with Ravi (9876500002). Please keep ₹450.50 ready.',
    });
    expect(renderMessage('order_out_for_delivery', order).text).toBe('Hello Asha, your order AF-000123 from Annapurna Fresh is out for delivery.');
    expect(renderMessage('order_out_for_delivery', { ...order, rider: 'Ravi' }).text).toBe('Hello Asha, your order AF-000123 from Annapurna Fresh is out for delivery with Ravi.');
    expect(renderMessage('order_delivered', order)).toEqual({
      subject: 'Order AF-000123 delivered',
      text: 'Hello Asha, your order AF-000123 has been delivered. Thank you for shopping with Annapurna Fresh.',
    });
    expect(renderMessage('order_cancelled', { ...order, reason: 'Out of stock', refund_paise: 30_000 })).toEqual({
      subject: 'Order AF-000123 cancelled',
      text: 'Hello Asha, Annapurna Fresh has cancelled your order AF-000123: Out of stock. ₹300.00 is being refunded to your original payment method.',
    });
    expect(renderMessage('order_cancelled', order).text).toBe('Hello Asha, Annapurna Fresh has cancelled your order AF-000123.');
    expect(renderMessage('order_refunded', { ...order, refund_paise: 5_000, reason: 'Damaged' })).toEqual({
      subject: 'Refund for order AF-000123',
      text: 'Hello Asha, Annapurna Fresh is refunding ₹50.00 of your order AF-000123 (Damaged) to your original payment method.',
    });
    expect(renderMessage('order_refunded', { ...order, refund_paise: 5_000 }).text).toBe('Hello Asha, Annapurna Fresh is refunding ₹50.00 of your order AF-000123 to your original payment method.');
  });

  it('are written in Hindi for an order placed in Hindi: names, numbers and amounts as they are', () => {
    const window = deliveryWindow('hi', '2026-11-26', '7:00 AM', '11:00 AM');
    expect(renderMessage('order_confirmed', { ...hindi, window })).toEqual({
      subject: 'ऑर्डर AF-000123 कन्फ़र्म हो गया',
      text: 'नमस्ते Asha, Annapurna Fresh ने आपका ऑर्डर AF-000123 कन्फ़र्म कर दिया है। इसकी डिलीवरी 26 नवम्बर 2026 को, सुबह 7:00 – सुबह 11:00 के बीच होगी।',
    });
    expect(renderMessage('order_confirmed', hindi).text).toBe('नमस्ते Asha, Annapurna Fresh ने आपका ऑर्डर AF-000123 कन्फ़र्म कर दिया है।');
    expect(renderMessage('order_out_for_delivery', { ...hindi, rider: 'Ravi', rider_phone: '9876500002', due_paise: 45_050 })).toEqual({
      subject: 'ऑर्डर AF-000123 रास्ते में है',
      text: 'नमस्ते Asha, Annapurna Fresh से आपका ऑर्डर AF-000123 डिलीवरी के लिए निकल चुका है। इसे Ravi (9876500002) ला रहे हैं। कृपया ₹450.50 तैयार रखें।',
    });
    expect(renderMessage('order_out_for_delivery', hindi).text).toBe('नमस्ते Asha, Annapurna Fresh से आपका ऑर्डर AF-000123 डिलीवरी के लिए निकल चुका है।');
    expect(renderMessage('order_delivered', hindi)).toEqual({
      subject: 'ऑर्डर AF-000123 डिलीवर हो गया',
      text: 'नमस्ते Asha, आपका ऑर्डर AF-000123 डिलीवर हो गया है। Annapurna Fresh से खरीदारी करने के लिए धन्यवाद।',
    });
    expect(renderMessage('order_cancelled', { ...hindi, reason: 'Out of stock', refund_paise: 30_000 })).toEqual({
      subject: 'ऑर्डर AF-000123 रद्द हो गया',
      text: 'नमस्ते Asha, Annapurna Fresh ने आपका ऑर्डर AF-000123 रद्द कर दिया है। कारण: Out of stock। ₹300.00 का रिफ़ंड उसी तरीके से किया जा रहा है जिससे आपने भुगतान किया था।',
    });
    expect(renderMessage('order_cancelled', hindi).text).toBe('नमस्ते Asha, Annapurna Fresh ने आपका ऑर्डर AF-000123 रद्द कर दिया है।');
    expect(renderMessage('order_refunded', { ...hindi, refund_paise: 5_000, reason: 'Damaged' })).toEqual({
      subject: 'ऑर्डर AF-000123 का रिफ़ंड',
      text: 'नमस्ते Asha, Annapurna Fresh आपके ऑर्डर AF-000123 के ₹50.00 का रिफ़ंड उसी तरीके से कर रहा है जिससे आपने भुगतान किया था। कारण: Damaged।',
    });
    expect(renderMessage('order_refunded', { ...hindi, refund_paise: 5_000 }).text).toBe('नमस्ते Asha, Annapurna Fresh आपके ऑर्डर AF-000123 के ₹50.00 का रिफ़ंड उसी तरीके से कर रहा है जिससे आपने भुगतान किया था।');
  });

  it('fall back to English for a language the shop does not have', () => {
    expect(renderMessage('order_delivered', { ...order, locale: 'fr' as never }).subject).toBe('Order AF-000123 delivered');
  });
});

describe('an invoice total in words', () => {
  it('keeps the English words', () => {
    expect(rupeesInWords(118_800)).toBe('Rupees One Thousand One Hundred Eighty-Eight Only');
    expect(rupeesInWords(118_850, 'en')).toBe('Rupees One Thousand One Hundred Eighty-Eight and Fifty Paise Only');
    expect(indianWords(1_01_188)).toBe('One Lakh One Thousand One Hundred Eighty-Eight');
  });

  it('says Hindi numbers with लाख, हज़ार and सौ, each number below a hundred its own word', () => {
    expect(rupeesInWords(118_800, 'hi')).toBe('एक हज़ार एक सौ अट्ठासी रुपये मात्र');
    expect(rupeesInWords(5_050, 'hi')).toBe('पचास रुपये और पचास पैसे मात्र');
    expect(rupeesInWords(0, 'hi')).toBe('शून्य रुपये मात्र');
    expect(rupeesInWords(9_999, 'hi')).toBe('निन्यानबे रुपये और निन्यानबे पैसे मात्र');
    expect(hindiWords(1_01_188)).toBe('एक लाख एक हज़ार एक सौ अट्ठासी');
    expect(hindiWords(12_34_56_789)).toBe('बारह करोड़ चौंतीस लाख छप्पन हज़ार सात सौ नवासी');
    expect(hindiWords(100_00_00_000)).toBe('एक सौ करोड़');
    expect(hindiWords(45)).toBe('पैंतालीस');
    expect(hindiWords(79)).toBe('उन्यासी');
    expect(hindiWords(2_500)).toBe('दो हज़ार पाँच सौ');
  });
});

describe("a counter sale's receipt link", () => {
  it('names the bill, its total and the link, in English and in Hindi', () => {
    const sale: MessagePayload = { ...order, name: '', total_paise: 18_050, receipt_url: 'https://shop.example/receipt/abc' };
    expect(renderMessage('pos_receipt', sale)).toEqual({
      subject: 'Your receipt from Annapurna Fresh',
      text: 'Thank you for shopping at Annapurna Fresh. Your receipt for bill AF-000123 (₹180.50): https://shop.example/receipt/abc',
    });
    expect(renderMessage('pos_receipt', { ...sale, locale: 'hi' }).text).toBe('Annapurna Fresh से खरीदारी के लिए धन्यवाद। बिल AF-000123 (₹180.50) की आपकी रसीद: https://shop.example/receipt/abc');
  });
});
