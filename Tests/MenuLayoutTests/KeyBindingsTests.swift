import Testing
import MenuctlKit

@Suite struct KeyBindingsTests {
    private func command(_ event: KeyEvent, shortcuts: Set<Character> = []) -> KeyCommand? {
        KeyBindings.command(for: event, shortcuts: shortcuts)
    }

    @Test func navigation() {
        #expect(command(.up) == .moveUp)
        #expect(command(.character("k")) == .moveUp)
        #expect(command(.down) == .moveDown)
        #expect(command(.character("j")) == .moveDown)
        #expect(command(.tab) == .moveDown)
        #expect(command(.backTab) == .moveUp)
        #expect(command(.home) == .moveToFirst)
        #expect(command(.character("G")) == .moveToLast)
        #expect(command(.pageDown) == .pageDown)
        #expect(command(.right) == .openSubmenu)
        #expect(command(.left) == .closeSubmenu)
    }

    @Test func choosingAndCancelling() {
        #expect(command(.enter) == .activate)
        #expect(command(.escape) == .cancel)
        #expect(command(.character("q")) == .cancel)
        #expect(command(.interrupt) == .cancel)
        #expect(command(.endOfInput) == .cancel)
    }

    @Test func shortcutsWinOverNavigationLetters() {
        #expect(command(.character("d"), shortcuts: ["d"]) == .shortcut("d"))
        #expect(command(.character("j"), shortcuts: ["j"]) == .shortcut("j"))
        #expect(command(.character("q"), shortcuts: ["q"]) == .shortcut("q"))
        #expect(command(.character("D"), shortcuts: ["d"]) == nil)
        #expect(command(.character("z")) == nil)
    }

    @Test func mouse() {
        #expect(command(.mouse(KeyEvent.Mouse(button: .left, action: .press, col: 3, row: 4))) == .click(col: 3, row: 4))
        #expect(command(.mouse(KeyEvent.Mouse(button: .left, action: .release, col: 3, row: 4))) == nil)
        #expect(command(.mouse(KeyEvent.Mouse(button: .wheelUp, action: .press, col: 3, row: 4))) == .moveUp)
        #expect(command(.mouse(KeyEvent.Mouse(button: .wheelDown, action: .press, col: 3, row: 4))) == .moveDown)
        #expect(command(.mouse(KeyEvent.Mouse(button: .right, action: .press, col: 3, row: 4))) == nil)
        #expect(command(.unknown([1])) == nil)
    }
}
