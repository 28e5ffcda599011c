// Codes read from what a clerk types or pastes: one a line or several on one, numbers written in groups,
// and rows copied from a spreadsheet or an invoice, whose names, amounts and quantities are no codes.
import { describe, expect, it } from 'vitest'
import {
  codesFromParam,
  codesToParam,
  codesToText,
  parseCodes,
  quantitiesFromParam,
  quantitiesToParam,
  replaceCode,
} from './part-codes'

describe('parseCodes', () => {
  it('reads one code a line, several on a line, and numbers written in groups', () => {
    expect(
      parseCodes('5Q0 927 078 G\n06J115403Q, 04465-33450\nN 592 672 00\n1K0615301AA 8K0698151A'),
    ).toEqual({
      codes: ['5Q0 927 078 G', '06J115403Q', '04465-33450', 'N 592 672 00', '1K0615301AA', '8K0698151A'],
      duplicates: 0,
      ignored: 0,
      quantities: new Map(),
    })
  })

  it('leaves out a row’s name, amount and quantity, and a header row', () => {
    const pasted = [
      '配件编码\t数量\t名称\t单价',
      '5Q0927078G\t2\t气缸体\t1000.00',
      '06J115403Q\t1\t机油滤清器\t¥46.5',
    ].join('\n')
    expect(parseCodes(pasted)).toEqual({
      codes: ['5Q0927078G', '06J115403Q'],
      duplicates: 0,
      ignored: 10,
      quantities: new Map([
        ['5Q0927078G', 2],
        ['06J115403Q', 1],
      ]),
    })
    // A name with Latin words in it is left out whole.
    expect(parseCodes('N 017 753 1\t小灯泡 W5W 12V 5W\t10').codes).toEqual(['N 017 753 1'])
    // Typed with spaces: a whole number followed by its quantity.
    expect(parseCodes('5Q0927078G 2\n06J115403Q 机油滤清器').codes).toEqual(['5Q0927078G', '06J115403Q'])
  })

  it('takes a row’s quantity after its code (one before it is a row number), summed for a number listed twice', () => {
    const pasted = [
      '1\t5q0-927-078-g\t气缸体\t2',
      '2\t06J115403Q\t机油滤清器',
      '3\t5Q0927078G\t气缸体\t3',
    ].join('\n')
    expect(parseCodes(pasted).quantities).toEqual(new Map([['5Q0927078G', 5]]))
    expect(parseCodes('5Q0927078G 4\n06J115403Q').quantities).toEqual(new Map([['5Q0927078G', 4]]))
    // Two codes on a row, or two numbers after one: no quantity is told.
    expect(parseCodes('5Q0927078G\t06J115403Q\t2\n1K0615301AA\t2\t3').quantities).toEqual(new Map())
  })

  it('takes a number of digits alone on its line as a code, however short', () => {
    expect(parseCodes('84573150\n123').codes).toEqual(['84573150', '123'])
    // Beside a code it is a quantity.
    expect(parseCodes('84573150\t123').codes).toEqual(['84573150'])
  })

  it('counts a number typed twice once, whatever its case, spaces and dashes', () => {
    expect(parseCodes('5q0-927-078-g\n5Q0 927 078 G')).toMatchObject({
      codes: ['5q0-927-078-g'],
      duplicates: 1,
    })
  })
})

describe('replaceCode', () => {
  it('replaces the code standing alone in a cell or as a word, keeping the rest of its line', () => {
    const text = '1\t5Q09\t气缸体\t4\n5Q0927078G 2'
    expect(replaceCode(text, '5Q09', '5Q0927078H')).toBe('1\t5Q0927078H\t气缸体\t4\n5Q0927078G 2')
    // Not the start of another code.
    expect(replaceCode('5Q0927078G\n5Q09', '5Q09', 'X')).toBe('5Q0927078G\nX')
    expect(replaceCode('5Q0927078G', '5Q09', 'X')).toBeNull()
    // A code with marks of a regular expression in it is taken as written.
    expect(replaceCode('A.B+C, D', 'A.B+C', 'E')).toBe('E, D')
  })
})

describe('quantities in the URL', () => {
  it('keeps each code’s quantity beside it, and gives the box back the codes with their quantities', () => {
    const pasted = parseCodes(
      '1\t5Q0 927 078 G\t气缸体\t4\n2\t06J115403Q\t机油滤清器\n3\t1K0615301AA\t2\n123',
    )
    expect(pasted.codes).toEqual(['5Q0 927 078 G', '06J115403Q', '1K0615301AA', '123'])
    const codes = codesToParam(pasted.codes)
    const qty = quantitiesToParam(pasted.codes, pasted.quantities)
    expect(qty).toBe('4,,2,')
    const quantities = quantitiesFromParam(codes, qty)
    expect(quantities).toEqual(pasted.quantities)
    // What the box shows after a reload reads back as the same codes and quantities.
    expect(parseCodes(codesToText(codesFromParam(codes), quantities))).toMatchObject({
      codes: pasted.codes,
      quantities: pasted.quantities,
    })
    // Codes without quantities keep the address they had.
    expect(quantitiesToParam(['06J115403Q'], pasted.quantities)).toBe('')
  })

  it('ignores a quantity that is none, and a code of digits short enough to read as one goes alone', () => {
    expect(quantitiesFromParam('A1234567,B1234567,C1234567', '0,x,1000')).toEqual(new Map())
    expect(codesToText(['123', '06J115403Q'], new Map([['123', 2]]))).toBe('123\n06J115403Q')
  })
})
