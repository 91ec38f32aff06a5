import MenuLayout

extension String {
    /// The string followed by spaces up to `cells` display cells (unchanged when wider).
    func padding(to cells: Int) -> String {
        self + String(repeating: " ", count: max(cells - DisplayWidth.width(of: self), 0))
    }

    /// The string preceded by spaces up to `cells` display cells (unchanged when wider).
    func padding(toLeft cells: Int) -> String {
        String(repeating: " ", count: max(cells - DisplayWidth.width(of: self), 0)) + self
    }
}
